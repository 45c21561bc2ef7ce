import sharp from "sharp";

/** A photo-like image, `width` × `height`: a gradient with some texture, and a colour `seed`. */
export function picture(width: number, height: number, seed = 0) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = ((x * 255) / width + seed) % 256;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = (x * y + seed) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A camera's JPEG: with EXIF naming the camera and a GPS position, as phones write. */
export const cameraJpeg = (width = 1200, height = 900, seed = 0) =>
  picture(width, height, seed)
    .withExif({
      IFD0: { Make: "Fotocam", Model: "Serie 123456", Copyright: "Obra" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 28/1 0/1" },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
