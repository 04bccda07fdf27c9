/**
 * Display of penal code entries (member-portal §5 "Display formats"): money as US dollars
 * without decimals, as a range, 'N+' (a minimum only) or 'Up to N' (a maximum only); custody
 * in months. Pure.
 */

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** 1500 → '$1,500' (rounded to whole dollars). */
export function formatUsd(amount: number): string {
  return USD.format(Math.round(amount));
}

/** A bound that counts: a finite number above zero (0 or absent means "no bound"). */
function bound(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

function range(min: number | null | undefined, max: number | null | undefined, show: (n: number) => string, none: string): string {
  const low = bound(min);
  const high = bound(max);
  if (low !== null && high !== null) return low === high ? show(low) : `${show(low)} – ${show(high)}`;
  if (low !== null) return `${show(low)}+`;
  if (high !== null) return `Up to ${show(high)}`;
  return none;
}

/** '$250 – $1,000', '$250+', 'Up to $1,000', '$500' (min = max), or 'None'. */
export function formatFineRange(min: number | null | undefined, max: number | null | undefined): string {
  return range(min, max, formatUsd, 'None');
}

/** '1 month', '12 months'. */
export function formatMonths(months: number): string {
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/** '1 – 6 months', '6+ months', 'Up to 6 months', '3 months' (min = max), or 'None'. */
export function formatCustodyRange(min: number | null | undefined, max: number | null | undefined): string {
  const low = bound(min);
  const high = bound(max);
  if (low !== null && high !== null && low !== high) return `${low} – ${formatMonths(high)}`;
  if (low !== null && high === null) return `${low}+ months`;
  if (low === null && high !== null) return `Up to ${formatMonths(high)}`;
  if (low !== null) return formatMonths(low);
  return 'None';
}

/** What the search needs of an entry. */
export interface SearchablePenalCode {
  statute: string;
  title: string;
  description?: string;
  category?: string;
  classification?: string;
}

/**
 * The entries of `category` (null: every category) whose statute, title, description or
 * classification contains `query` (trimmed, any case; 'pc101' also finds 'PC 101').
 */
export function filterPenalCodes<T extends SearchablePenalCode>(items: readonly T[], query: string, category: string | null): T[] {
  const needle = query.trim().toLowerCase();
  const compact = needle.replace(/\s+/g, '');
  return items.filter((item) => {
    if (category !== null && category !== '' && (item.category ?? '') !== category) return false;
    if (needle === '') return true;
    const statute = item.statute.toLowerCase();
    return (
      statute.includes(needle) ||
      (compact !== '' && statute.replace(/\s+/g, '').includes(compact)) ||
      item.title.toLowerCase().includes(needle) ||
      (item.description ?? '').toLowerCase().includes(needle) ||
      (item.classification ?? '').toLowerCase().includes(needle)
    );
  });
}
