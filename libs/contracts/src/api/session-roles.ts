// Kept apart from members.ts's zod schemas: the web app's entry reads these, and zod stays out of it.

/** The spec keeps one session per role, each under a cookie of its name. */
export const SESSION_ROLES = ['member', 'seller', 'admin'] as const;
export type SessionRole = (typeof SESSION_ROLES)[number];

/** ADMIN -> admin, SELLER -> seller, any grade (USER, SILVER, ...) -> member. */
export function sessionRoleOf(roleSet: readonly string[] | undefined): SessionRole {
  const first = roleSet?.[0];
  if (first === 'ADMIN') return 'admin';
  if (first === 'SELLER') return 'seller';
  return 'member';
}

/**
 * A script-readable cookie the server sets whenever it sets a role's session cookies (sign-in,
 * refresh): when they were last renewed, no secret. A tab whose call met an expired token finds it
 * changed if another tab renewed the session meanwhile. Unlike a tab's own storage, cookies a
 * response set are in the jar before that response is read, so every tab sees them at once.
 */
export const sessionRenewedCookie = (role: SessionRole) => `mkt-${role}-renewed`;
