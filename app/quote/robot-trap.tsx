// The field only a robot fills (decision 130): out of sight and out of the accessibility tree.
import type { FieldState } from "./fields";

export function RobotTrap({ bind }: Pick<FieldState, "bind">) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
      <label>
        Web
        <input type="text" tabIndex={-1} autoComplete="off" {...bind("website")} />
      </label>
    </div>
  );
}
