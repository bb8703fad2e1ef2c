/** The audit log of admin changes, newest first, a page at a time (GET /api/admin/audit). */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { formatTime } from '../../parts/format.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { Table } from '../../parts/table.js';
import { AdminPage } from '../parts/layout.js';

/** Who acted: a person, the service token, or an API key by name and id (key names need not be unique; entries from before ids were kept have none). */
function actorOf(entry: { actor: string; actorKey: { id: string | null; name: string } | null }): string {
  if (!entry.actorKey) return entry.actor;
  return `key “${entry.actorKey.name}” (${entry.actorKey.id ?? 'id not recorded'})`;
}

/** An entry's details as "key: value" lines of text. */
function detailLines(details: Record<string, unknown>): string[] {
  return Object.entries(details).map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
}

export function AuditPage() {
  const [page, setPage] = useState(1);
  const audit = useLoad(() => data(api.request('get', '/api/admin/audit', { query: { page, limit: 50 } })), [page]);
  return (
    <AdminPage title="Audit log" intro="Every change an admin, the service token or an API key made, newest first.">
      <ProblemNotice problem={audit.problem} retry={audit.reload} />
      {audit.data && (
        <>
          <Table label="Audit log" caption={`Admin changes, page ${page}`} columns={['When', 'Who', 'From', 'Action', 'Details']} empty="Nothing recorded yet.">
            {audit.data.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatTime(entry.timestamp)}</td>
                <td>{actorOf(entry)}</td>
                <td>{entry.ipAddress ?? 'not shown'}</td>
                <td>{entry.action}</td>
                <td>
                  <ul class="plain">
                    {detailLines(entry.details as Record<string, unknown>).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={page} pages={audit.data.pagination.pages} total={audit.data.pagination.total} onPage={setPage} label="Pages of the audit log" />
        </>
      )}
    </AdminPage>
  );
}
