import './fastify.js';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { registerAlerts } from './alerts/service.js';
import { registerAccessChanges } from './auth/accessChanges.js';
import { accountRoutes } from './auth/accountRoutes.js';
import { registerAuthenticate } from './auth/authenticate.js';
import { embedTokenCaller } from './auth/embedAuth.js';
import { embedTokenRoutes } from './auth/embedTokenRoutes.js';
import { requireAdmin, requireAuth, requireUserOrEmbed } from './auth/guards.js';
import { impersonationRoutes } from './auth/impersonationRoutes.js';
import { inviteRoutes } from './auth/inviteRoutes.js';
import { passwordRoutes } from './auth/passwordRoutes.js';
import { profileRoutes } from './auth/profileRoutes.js';
import { sessionCaller } from './auth/session.js';
import { sessionRoutes } from './auth/sessionRoutes.js';
import { teamRoutes } from './auth/teamRoutes.js';
import { Throttle } from './auth/throttle.js';
import { userRoutes } from './auth/userRoutes.js';
import type { Config } from './config.js';
import { createChannelListener } from './db/channels.js';
import type { Database } from './db/database.js';
import { BackgroundWork } from './http/background.js';
import { registerCompression } from './http/compression.js';
import { registerCors } from './http/cors.js';
import { registerDrain } from './http/drain.js';
import { registerEmbeds } from './http/embeds.js';
import { registerErrorHandling } from './http/errors.js';
import { registerFrontend } from './http/frontend.js';
import { healthRoutes } from './http/health.js';
import { registerJsonParser } from './http/json.js';
import { loggerOptions, registerRequestIdHeader, requestId } from './http/logging.js';
import { API_INTRODUCTION, registerReference } from './http/reference.js';
import { contractSerializerCompiler, plainSerializerCompiler } from './http/serialize.js';
import { SharedAnswers } from './http/sharedAnswers.js';
import { swaggerTransform, zodValidatorCompiler } from './http/zod.js';
import { ingestCaller, requireIngestCredential } from './ingest/credentials.js';
import { registerIngestion } from './ingest/service.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { errorMessages } from './messages.js';
import { metricsCaller, metricsRoutes, registerMetrics } from './metrics.js';
import { registerResourceRoutes } from './routes/index.js';
import { registerWebhooks } from './webhooks/service.js';

/** A registered route and how it is guarded, for docs and for the tests generated from the route table. */
export interface RouteEntry {
  method: string;
  url: string;
  /**
   * 'admin' (requireAdmin), 'auth' (requireAuth), 'user-or-embed' (requireUserOrEmbed), 'ingest'
   * (requireIngestCredential: an integration secret or device key as bearer) or 'public'.
   */
  guard: 'admin' | 'auth' | 'user-or-embed' | 'ingest' | 'public';
  /** Whether a mutating request needs the anti-forgery header. */
  csrf: boolean;
  /** Whether the route validates a request body. */
  hasBody: boolean;
  /** The statuses of its response schemas (the contract's, which its answers are serialised by). */
  answers: string[];
}

function guardOf(...hooks: unknown[]): RouteEntry['guard'] {
  const list = hooks.flatMap((hook) => (Array.isArray(hook) ? hook : hook ? [hook] : []));
  if (list.includes(requireAdmin)) return 'admin';
  if (list.includes(requireAuth)) return 'auth';
  if (list.includes(requireUserOrEmbed)) return 'user-or-embed';
  if (list.includes(requireIngestCredential)) return 'ingest';
  return 'public';
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** pino options, or false for silence. @default true */
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /**
   * How answers are serialised: 'contract' (fast-json-stringify from each route's response schema), or
   * 'plain' (`JSON.stringify`, no shaping) only for `npm run bench:api`'s before/after. @default 'contract'
   */
  answers?: 'contract' | 'plain';
}

/** Content-Security-Policy for the SPA and the examples: own scripts, Leaflet's inline styles and tiles. */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: [
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
      'https://*.tile.openstreetmap.org',
      'https://server.arcgisonline.com',
    ],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
  },
};

const helmetOptions = {
  contentSecurityPolicy,
  // The SDK's script bundles and the map's assets are loaded by partner pages on other origins.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
} as const;

/**
 * The security headers @fastify/helmet sets with our options, captured once from a probe instance. The
 * plugin rebuilds helmet's middleware (and re-parses the CSP) on every request; our headers never vary
 * (no per-request CSP nonces), so every answer gets this same set for the price of one hook.
 */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions);
  probe.get('/', (_request, reply) => reply.send(''));
  const response = await probe.inject('/');
  await probe.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name, value]) => !own.has(name) && typeof value === 'string')
      .map(([name, value]) => [name, value as string]),
  );
}

/**
 * Puts the security headers on an answer. HSTS only over https (behind a proxy: `TRUST_PROXY` and its
 * `X-Forwarded-Proto`): over plain http the header means nothing, and a browser must not learn it there.
 */
function securityHeadersOf(headers: Record<string, string>) {
  const { 'strict-transport-security': hsts, ...always } = headers;
  return (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(always);
    if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
  };
}

/** The API with every plugin and route registered (not yet listening). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const secure = securityHeadersOf(await helmetHeaders());
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: config.bodyLimit,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: config.trustProxy,
    // A URL that cannot be decoded (`/%ZZ`) or too long a path parameter is answered before any hook: our
    // JSON and headers all the same.
    frameworkErrors: (error, request, reply) => {
      secure(request, reply);
      const messages: Record<string, [number, string]> = {
        FST_ERR_BAD_URL: [400, errorMessages.badUrl],
        FST_ERR_MAX_PARAM_LENGTH: [414, errorMessages.urlTooLong],
      };
      const [status, message] = messages[error.code] ?? [500, errorMessages.serverError];
      if (status === 500) request.log.error({ err: error }, 'request failed');
      (reply as FastifyReply).code(status).send({ message });
    },
    // While shutting down, requests on open connections are still answered (not 503): behind a load
    // balancer no request fails because its process is stopping (docs/operations.md).
    return503OnClosing: false,
  });

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('draining', false);
  app.decorate('throttle', new Throttle(database.db));
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      logger: app.log,
    });
  app.decorate('mailer', mailer);
  const background = new BackgroundWork(app.log);
  app.decorate('background', background);
  // PostgreSQL: one LISTEN connection per process, whose channels the ingestion and the alerts add.
  const channels =
    database.dialect === 'postgres' && config.databaseUrl !== null
      ? createChannelListener(config.databaseUrl, (err) => app.log.warn({ err }, 'LISTEN connection lost'))
      : null;
  app.decorate('pgChannels', channels);
  await registerIngestion(app);
  registerMetrics(app);
  database.onQuery = (ms, failed) =>
    app.metrics.dbQueryDuration.observe({ outcome: failed ? 'error' : 'ok' }, ms / 1000);
  app.addHook('onClose', async () => {
    database.onQuery = null;
  });
  registerWebhooks(app);
  registerAlerts(app);
  registerAccessChanges(app);
  app.decorate('sharedAnswers', new SharedAnswers(app));
  await channels?.start();
  app.addHook('onClose', async () => {
    await channels?.stop();
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routeTable.push({
        method,
        url: route.url,
        guard: guardOf(route.onRequest, route.preHandler),
        csrf: route.config?.csrf !== false,
        hasBody: Boolean(route.schema?.body),
        answers: Object.keys(route.schema?.response ?? {}),
      });
    }
  });
  app.addHook('onClose', async () => {
    await background.idle();
    mailer.close();
  });

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(
    options.answers === 'plain' ? plainSerializerCompiler : contractSerializerCompiler,
  );
  registerErrorHandling(app);
  registerJsonParser(app);
  registerRequestIdHeader(app);
  registerDrain(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Mätnät API', version: '0.1.0', description: API_INTRODUCTION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'matnat_session' },
          embedToken: { type: 'http', scheme: 'bearer' },
          ingestKey: { type: 'http', scheme: 'bearer', description: 'Integration secret or device key.' },
        },
      },
    },
    // Guarded routes name how they authenticate; admin-only ones say so.
    transform: (input) => {
      const out = swaggerTransform(input);
      const guard = guardOf(input.route.onRequest, input.route.preHandler);
      if (guard === 'public') return out;
      // Routes without a schema of their own are guarded all the same: every operation states its security.
      const schema = (out.schema ?? {}) as Record<string, unknown>;
      out.schema = schema;
      schema.security =
        guard === 'user-or-embed'
          ? [{ session: [] }, { embedToken: [] }]
          : guard === 'ingest'
            ? [{ ingestKey: [] }]
            : [{ session: [] }];
      if (guard === 'admin')
        schema.description = [schema.description, 'Admin only.'].filter(Boolean).join(' ');
      return out;
    },
  });
  await app.register(cookie);
  await registerCompression(app);
  app.addHook('onRequest', (request, reply, done) => {
    secure(request, reply);
    done();
  });

  await registerCors(app);
  registerAuthenticate(app, [metricsCaller, ingestCaller, embedTokenCaller, sessionCaller]);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
  await app.register(passwordRoutes);
  await app.register(inviteRoutes);
  await app.register(profileRoutes);
  await app.register(userRoutes);
  await app.register(impersonationRoutes);
  await app.register(teamRoutes);
  await app.register(embedTokenRoutes);

  await registerResourceRoutes(app);

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  await registerReference(app);
  await registerEmbeds(app);
  await registerFrontend(app);
  return app;
}
