// The shop fixture's upstream and the shape of its generated client, shared by the client
// end-to-end tests (not a test file itself).
import type { RecordedRequest } from './recording-upstream.js';

export const SHOP_SECRETS = {
  SHOP_HEADER_KEY: 'hk-secret-1',
  SHOP_QUERY_KEY: 'qk-secret-2',
  SHOP_COOKIE_KEY: 'ck-secret-3',
  SHOP_BEARER_TOKEN: 'bearer-secret-4',
  SHOP_BASIC_USERNAME: 'alice',
  SHOP_BASIC_PASSWORD: 'pw-secret-5',
  SHOP_OAUTH_CLIENT_ID: 'client-6',
  SHOP_OAUTH_CLIENT_SECRET: 'client-secret-7',
};

export const SHOP_ITEM = { id: 7, name: 'lamp', price: null, tags: ['desk'] };

/** The bytes the shop's photo and download endpoints deal in. */
export const SHOP_PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3]);

/** Answers every endpoint of the shop fixture; anything else is a 500 naming the request. */
export function shopRoute(req: RecordedRequest): { status: number; type?: string; body?: string | Buffer } {
  const path = req.url.split('?')[0];
  const json = (status: number, value: unknown) => ({ status, type: 'application/json', body: JSON.stringify(value) });
  if (req.method === 'POST' && path === '/token') return json(200, { access_token: 'oauth-token-8', token_type: 'Bearer', expires_in: 3600 });
  if (req.method === 'GET' && path === '/api/items/404') return json(404, { message: 'no such item' });
  if (req.method === 'GET' && path === '/api/items/7') return json(200, SHOP_ITEM);
  if (req.method === 'GET' && path === '/api/items') return json(200, [SHOP_ITEM]);
  if (req.method === 'POST' && path === '/api/items') return json(201, { ...SHOP_ITEM, id: 8 });
  if (req.method === 'PUT' && path === '/api/items/7/photo') return { status: 204 };
  if (req.method === 'DELETE' && path === '/api/items/7') return { status: 204 };
  if (req.method === 'POST' && path === '/api/orders') return json(200, { orderId: 'o-1' });
  // an operation with its own server: /files when its server is used, /api when --base-url wins
  if (req.method === 'GET' && (path === '/files/downloads/f1' || path === '/api/downloads/f1')) return { status: 200, type: 'image/png', body: SHOP_PNG };
  if (req.method === 'GET' && path === '/api/reports/sales%2F2026') return { status: 200, type: 'text/csv', body: 'day,total\n1,10\n' };
  return { status: 500, type: 'text/plain', body: `unexpected ${req.method} ${req.url}` };
}

type Item = typeof SHOP_ITEM | { id: number; name: string; price?: number | null; tags?: string[] };

/** What the tests use of the generated shop client (imported from the built package at run time). */
export interface ShopClient {
  getItem(args: { itemId: number; fields?: string[]; 'X-Trace-Id'?: string; pref?: string }): Promise<Item>;
  listItems(args?: { tag?: string[] }): Promise<Item[]>;
  createItem(args: { name: string; tags?: string[] }): Promise<Item>;
  placeOrder(args: { itemId: number; quantity: number }): Promise<{ orderId?: string }>;
  getReport(args: { name: string }): Promise<string>;
  deleteItem(args: { itemId: number }): Promise<string>;
  close(): Promise<void>;
}

export interface ShopClientModule {
  createClient(options: Record<string, unknown>): Promise<ShopClient>;
  ToolCallError: new (...args: never[]) => Error;
  InputRequiredError: new (...args: never[]) => Error;
}
