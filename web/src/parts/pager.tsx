/**
 * Previous and next page of a list, with where the reader is. `page` is the
 * page whose rows are shown; while another is being fetched (`loading`, its
 * number) the pager says so beside it and takes no other request, so the
 * number shown always belongs to the rows below it.
 */
export function Pager(props: { page: number; pages: number; total: number; onPage: (page: number) => void; label: string; loading?: number }) {
  if (props.pages <= 1) return null;
  const busy = props.loading !== undefined;
  return (
    <nav class="pager" aria-label={props.label}>
      <button type="button" disabled={busy || props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        <span>
          Page {props.page} of {props.pages} ({props.total} in all)
        </span>
        {busy && ' '}
        {busy && <span class="loading">Loading page {props.loading}…</span>}
      </span>
      <button type="button" disabled={busy || props.page >= props.pages} onClick={() => props.onPage(props.page + 1)}>
        Next
      </button>
    </nav>
  );
}
