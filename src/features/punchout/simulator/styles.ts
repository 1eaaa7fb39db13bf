/** The classes the procurement simulator's pages share: a card, and the cells of their tables. */
export const SIM_CARD = 'rounded border border-line bg-white p-4 shadow-sm sm:p-6';
export const SIM_TH = 'border-b border-line px-2 py-1 text-left font-semibold whitespace-nowrap';
export const SIM_TD = 'border-b border-line px-2 py-1 align-top';
