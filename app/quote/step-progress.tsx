// Where the visitor is in the request (issue 36): the steps by name, the current one marked.
import { quoteSteps, stepWords } from "../../content/quote-steps";

export function StepProgress({ at }: { at: number }) {
  return (
    <nav aria-label={stepWords.progress} className="sm:col-span-2">
      <ol className="grid grid-cols-4 gap-2 text-xs sm:text-sm">
        {quoteSteps.map((step, index) => (
          <li
            key={step.value}
            aria-current={index === at ? "step" : undefined}
            className={`border-t-4 pt-2 ${index <= at ? "border-terracotta text-ink" : "border-sand-200 text-ink-soft"} ${index === at ? "font-semibold" : ""}`}
          >
            <span className="sr-only">{stepWords.stepOf(index + 1, quoteSteps.length)}: </span>
            {step.title}
          </li>
        ))}
      </ol>
    </nav>
  );
}
