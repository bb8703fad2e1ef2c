/** Previous and next page of a list, with where the reader is. */
export function Pager(props: { page: number; pages: number; total: number; onPage: (page: number) => void; label: string }) {
  if (props.pages <= 1) return null;
  return (
    <nav class="pager" aria-label={props.label}>
      <button type="button" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {props.page} of {props.pages} ({props.total} in all)
      </span>
      <button type="button" disabled={props.page >= props.pages} onClick={() => props.onPage(props.page + 1)}>
        Next
      </button>
    </nav>
  );
}
