import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI document's introduction: the three calls integrators ask about first, with examples. Swagger
 * UI renders it as Markdown above the operations.
 */
export const API_INTRODUCTION = `Mätnät's API: readings in, panels and alerts out. Prose and every rule: docs/api.md.

### Readings in: \`POST /api/v1/ingest\`

With an integration secret (\`mtn_int_…\`, writes into its team's devices and creates new unassigned
ones) or a device key (\`mtn_dev_…\`, its own device only):

\`\`\`sh
curl -X POST https://matnat.example.se/api/v1/ingest \\
  -H 'Authorization: Bearer mtn_int_…' -H 'Content-Type: application/json' \\
  -d '{"device":"70B3D57ED005A1B2","readings":[{"sensor":"temperature","value":4.25},{"sensor":"humidity","value":81}]}'
# → {"stored":2,"device_id":47}
\`\`\`

A DevEUI is 16 hex digits (\`70-b3-d5-…\` is the same device); at most 1,000 readings of 100 sensors a
request. The Things Stack and ChirpStack post to \`/api/ingest/ttn\` and \`/api/ingest/chirpstack?event=up\`
with the same secret (docs/ingestion.md).

### Webhook signatures

Every alert webhook carries \`X-Matnat-Timestamp\` and \`X-Matnat-Signature: sha256=<hex>\`, the
HMAC-SHA256 of \`<timestamp>.<raw body>\` with the channel's secret (\`whsec_…\`). Refuse timestamps more
than 5 minutes old and delivery ids (\`X-Matnat-Delivery\`) already handled:

\`\`\`js
import { createHmac, timingSafeEqual } from 'node:crypto';

function verify(secret, headers, rawBody, now = Date.now()) {
  const timestamp = headers['x-matnat-timestamp'];
  const expected = 'sha256=' + createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest('hex');
  const given = String(headers['x-matnat-signature'] ?? '');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
    && Math.abs(now / 1000 - Number(timestamp)) <= 300;
}
\`\`\`

(\`verifyWebhookSignature\` of \`@matnat/contract/plain\` does the same with Web Crypto.)

### Embed tokens: \`POST /api/v1/embed-token\`

A signed-in user makes a read-only token for a partner page, for what they can read themselves:

\`\`\`json
{ "name": "Partnersidan", "scopes": ["panel:12", "device:4", "public-map"],
  "allowed_origins": ["https://partner.se"], "expires_at": "2027-06-30T23:59:59Z" }
\`\`\`

The answer's \`token\` (\`mtn_…\`) is shown once; the expiry lies at most 366 days ahead. The partner's
page sends it as \`Authorization: Bearer mtn_…\` (docs/embedding.md).`;

/**
 * Swagger UI's own colours fail WCAG AA contrast (white on its light method badges, its green on white);
 * these are the same hues darkened to at least 4.5:1.
 */
const ACCESSIBLE_CSS = `
.swagger-ui .opblock.opblock-get .opblock-summary .opblock-summary-method { background: #1d5fa8; }
.swagger-ui .opblock.opblock-post .opblock-summary .opblock-summary-method { background: #17703f; }
.swagger-ui .opblock.opblock-put .opblock-summary .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-patch .opblock-summary .opblock-summary-method { background: #0f6b63; }
.swagger-ui .opblock.opblock-delete .opblock-summary .opblock-summary-method { background: #b42318; }
.swagger-ui .info .title small, .swagger-ui .info .title small.version-stamp { background: #3d4754; }
.swagger-ui .info .title small pre { color: #fff; }
.swagger-ui .info .url, .swagger-ui .info a { color: #1d4ed8; }
.swagger-ui .btn.authorize { color: #17703f; border-color: #17703f; }
.swagger-ui .btn.authorize svg { fill: #17703f; }
`;

/**
 * A browsable API reference at `/api/reference` (Swagger UI, served from the npm package: no CDN, works
 * offline), reading this server's own OpenAPI document. Without Swagger's top bar (a logo without text and
 * an unlabelled URL field), without deep links (a link inside each operation's button) and without syntax
 * colours (too light on its dark example boxes): what axe found serious on the page as shipped.
 */
export async function registerReference(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: '/api/reference',
    uiConfig: {
      docExpansion: 'list',
      deepLinking: false,
      defaultModelsExpandDepth: 0,
      layout: 'BaseLayout',
      syntaxHighlight: false,
    },
    theme: { title: 'Mätnät API', css: [{ filename: 'matnat.css', content: ACCESSIBLE_CSS }] },
    // Our own Content-Security-Policy (scripts from this origin only) covers its pages.
    staticCSP: false,
  });
}
