// The two screens staff stories are proved on (issue 37's «Done when»): a desktop and a
// 390 × 844 phone. Each story registered inside runs once per screen, named «on a desktop» and
// «on a phone».
import { test } from "./mailbox";

export type Device = "desktop" | "phone";

const screens = [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const;

export function onDesktopAndPhone(stories: (device: Device) => void): void {
  for (const [device, viewport] of screens) {
    test.describe(`on a ${device}`, () => {
      test.use({ viewport });
      stories(device);
    });
  }
}
