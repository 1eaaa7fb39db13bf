import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { ScrollTable } from './ScrollTable.tsx';
import { TableHead } from './TableHead.tsx';

afterEach(cleanup);

function renderTable(withFlows: boolean) {
  render(
    <ScrollTable label="Users" minWidth="min-w-[40rem]">
      <TableHead
        columns={[
          { key: 'name', label: 'Name' },
          withFlows && { key: 'flow', label: 'Approval flow' },
          { key: 'budget', label: 'Budget', numeric: true, sort: 'descending' },
          { key: 'actions', label: 'Actions', hiddenLabel: true },
        ]}
      />
      <tbody>
        <tr>
          <td>Anna Peeters</td>
          {withFlows && <td>Werkplaats</td>}
          <td>€ 500.00</td>
          <td>
            <button type="button">Edit</button>
          </td>
        </tr>
      </tbody>
    </ScrollTable>,
  );
}

test('each cell is announced with its column name; a left-out column leaves no empty header', () => {
  renderTable(false);
  const headers = screen.getAllByRole('columnheader');
  expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Budget', 'Actions']);
  expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
  const table = screen.getByRole('table', { name: 'Users' });
  expect(within(table).getByRole('cell', { name: '€ 500.00' })).toBeInTheDocument();
});

test('conditional columns appear in order, sorting is exposed, amounts align right, row actions are named for screen readers only', () => {
  renderTable(true);
  const headers = screen.getAllByRole('columnheader');
  expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Approval flow', 'Budget', 'Actions']);
  expect(screen.getByRole('columnheader', { name: 'Budget' })).toHaveAttribute('aria-sort', 'descending');
  expect(screen.getByRole('columnheader', { name: 'Budget' })).toHaveClass('text-right');
  expect(screen.getByText('Actions')).toHaveClass('sr-only');
  expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
});
