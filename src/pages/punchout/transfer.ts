/**
 * `POST /punchout/transfer`: "Transfer to …" of a punch-out session's cart page; the Store API's transfer page
 * passed through (src/lib/punchout/return-to-procurement.ts). Served at the root and, below a site's prefix,
 * through src/lib/prefix-rewrite.ts.
 */
import type { APIRoute } from 'astro';
import { returnToProcurement } from '../../lib/punchout/return-to-procurement.ts';

export const POST: APIRoute = (ctx) => returnToProcurement(ctx, 'punchOutTransfer');
