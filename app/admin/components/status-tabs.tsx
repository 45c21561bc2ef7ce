// A status's tabs above the list: every step of the pipeline one click away, each with how many
// records it would show (issue 37, decision 272). The counts come with the list from the server
// (`tab_counts`): a status tab keeps the view's other filters, so it counts within them; «Míos»
// opens one's own leads whatever the view, so it counts them all.
import { Link } from "react-router";
import type { ListTools, TabCounts } from "~/admin/lib/records";
import { getSession } from "~/lib/session";

const tabClass = (current: boolean) =>
  `flex min-h-11 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${
    current ? "bg-ink text-plaster" : "bg-white text-ink hover:bg-sand-100"
  }`;

export function StatusTabs({
  tools,
  search,
  counts,
}: {
  tools: ListTools;
  search: URLSearchParams;
  counts?: TabCounts;
}) {
  if (!tools.status) return null;
  const current = search.get("status") ?? "";
  const link = (status: string) => {
    const next = new URLSearchParams(search);
    next.delete("page");
    if (status) next.set("status", status);
    else next.delete("status");
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
  const tabs = [
    { value: "", title: "Todos", count: counts?.all },
    ...tools.status.options.map((option) => ({ ...option, count: counts?.statuses[option.value] })),
  ];
  // «Míos» (decision 254): the leads one follows, whatever their status.
  const me = getSession().user?.id;
  const mine = me !== undefined && tools.filters.assignee ? `?assignee=${me}&sort=inbox` : null;
  const onMine = me !== undefined && search.get("assignee") === String(me) && !search.has("status");
  return (
    <nav aria-label={tools.status.title} className="mt-4 overflow-x-auto">
      <ul className="flex gap-1">
        {mine ? (
          <li className="shrink-0">
            <Link to={mine} aria-current={onMine ? "page" : undefined} className={tabClass(onMine)}>
              Míos
              <TabCount count={counts?.mine} current={onMine} />
            </Link>
          </li>
        ) : null}
        {tabs.map((tab) => {
          const here = tab.value === current && !onMine;
          return (
            <li key={tab.value} className="shrink-0">
              <Link
                to={link(tab.value)}
                aria-current={here ? "page" : undefined}
                className={tabClass(here)}
              >
                {tab.title}
                <TabCount count={tab.count} current={here} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The count beside a tab's name, read with it («Nuevo 12»); none while the list has none. */
function TabCount({ count, current }: { count: number | undefined; current: boolean }) {
  if (count === undefined) return null;
  return (
    <span
      data-tab-count=""
      className={`rounded-full px-2 text-xs tabular-nums ${
        current ? "bg-plaster/20 text-plaster" : "bg-sand-100 text-ink-soft"
      }`}
    >
      {count.toLocaleString("es-ES")}
    </span>
  );
}
