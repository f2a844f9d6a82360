// The BFF's front door: what the composition root (apps/standalone) and tests that start a BFF
// assemble it from: the application, its key-value stores, mailers, limits, caches and visitor counts.
export type { BffOptions } from './bff';
export { startBff } from './bff';
export { EmbeddedKeyValueStore } from './auth/embedded-key-value-store';
export { RedisKeyValueStore } from './auth/key-value-store';
export { DEFAULT_MAIL_FROM, FolderMailer, SmtpMailer } from './mail/mailer';
export { InMemoryCallCounter } from './security/request-rate-limit';
export { catalogCacheMegabytes, DEFAULT_CATALOG_CACHE_MB, megabytes } from './catalog/catalog-read-cache';
export { InProcessVisitNotices, RedisVisitNotices, VisitorCounters } from './visitors/visitor-counters';
export { PROVIDER_PROTOCOLS } from './social/provider-protocols';
export type { SocialSettings } from './social/social-settings';
export type { SessionTiming } from './auth/refresh-sessions';
export { REFRESH_REUSE_GRACE_SECONDS } from './auth/refresh-sessions';
