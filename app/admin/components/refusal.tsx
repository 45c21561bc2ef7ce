// What the server said when it refused a change staff asked for on an admin screen, where it was
// asked for (SPEC §8: no dialog there), announced to screen readers. Nothing otherwise.
export function Refusal({
  answer,
  as: Tag = "p",
  className = "text-terracotta-dark",
}: {
  answer: { ok: boolean; message?: string } | undefined;
  /** A `span` inside a label. */
  as?: "p" | "span";
  className?: string;
}) {
  return answer && !answer.ok ? (
    <Tag role="alert" className={className}>
      {answer.message}
    </Tag>
  ) : null;
}
