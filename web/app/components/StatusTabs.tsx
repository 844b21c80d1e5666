// The status tabs above a back-office list (orders, returns, order changes): one tab per status, the first
// being the list's default (no `status` in the address), the panel below named by the tab chosen.

/** `onPick` gets the status, or '' for the first (the default). */
export function StatusTabs<S extends string>({
  tabs,
  current,
  label,
  panelId,
  name,
  onPick,
}: {
  tabs: readonly S[];
  current: S;
  label: string;
  panelId: string;
  name: (status: S) => string;
  onPick: (status: S | '') => void;
}) {
  return (
    <div role="tablist" aria-label={label} className="tabs">
      {tabs.map((status) => (
        <button
          key={status}
          role="tab"
          type="button"
          id={`tab-${status}`}
          aria-controls={panelId}
          aria-selected={current === status}
          className="tab"
          onClick={() => onPick(status === tabs[0] ? '' : status)}
        >
          {name(status)}
        </button>
      ))}
    </div>
  );
}
