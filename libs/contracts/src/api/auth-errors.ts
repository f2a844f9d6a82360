// No schemas here: the web app's entry chunk reads these without taking zod along.

/** Error codes the web app acts on (spec section 8). */
export const AuthErrors = {
  loginFailed: 'ERROR_LOGIN',
  banned: 'ERROR_BANNED',
  requiredLogin: 'REQUIRED_LOGIN',
  accessDenied: 'ERROR_ACCESS_DENIED',
  tokenExpired: 'ERROR_TOKEN_ACCESS',
  badRefresh: 'ERROR_REFRESH',
  /** A social sign-in member's profile belongs to the provider (only the address may change). */
  snsMember: 'ERROR_SNS_MEMBER',
  /** The current password given for a password change is wrong. */
  wrongPassword: 'WRONG_PASSWORD',
  /** The token's session was ended (logout, ban, password change or reset, a copied refresh token). */
  sessionEnded: 'ERROR_SESSION_ENDED',
  /** A cookie-authenticated write from another site's page (no same-site or allowed Origin). */
  crossSite: 'ERROR_CROSS_SITE',
} as const;
