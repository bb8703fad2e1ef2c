/**
 * A table of the portal: its columns' headings, its rows, and one row that
 * says so when there are none. It sits in a frame that scrolls sideways on a
 * narrow screen rather than the page; the frame takes the keyboard focus
 * (and is named as a region), so a keyboard alone can scroll it too
 * (axe-core: scrollable-region-focusable). A table of class "stack" becomes
 * a card a row on a phone (styles.css).
 */
import { type ComponentChildren, toChildArray } from 'preact';

/** A column's heading; a column of figures (`numeric(...)`) is aligned right. */
export type Column = string | { label: string; number: true };

export function numeric(label: string): Column {
  return { label, number: true };
}

export function Table(props: {
  /** The frame's name for screen readers. */
  label: string;
  columns: Column[];
  caption?: ComponentChildren;
  /** Said across the table when it has no rows. */
  empty?: string;
  /** A card a row on a phone, each figure under its column's name (the rows' cells carry it in data-label). */
  stack?: boolean;
  labelledBy?: string;
  testId?: string;
  /** While the rows shown are being replaced. */
  busy?: boolean;
  children: ComponentChildren;
}) {
  const rows = toChildArray(props.children);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
    <section class="table-scroll" tabIndex={0} aria-label={props.label}>
      <table class={props.stack ? 'stack' : undefined} aria-labelledby={props.labelledBy} data-testid={props.testId} aria-busy={props.busy ? 'true' : undefined}>
        {props.caption !== undefined && <caption>{props.caption}</caption>}
        <thead>
          <tr>
            {props.columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" class="number">
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && props.empty && (
            <tr>
              <td colSpan={props.columns.length}>{props.empty}</td>
            </tr>
          )}
          {rows}
        </tbody>
      </table>
    </section>
  );
}
