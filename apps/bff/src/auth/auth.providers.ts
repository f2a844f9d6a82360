import type { Provider } from '@nestjs/common';
import { AccessGuard, AuthenticatedGuard } from './guards';
import type { AuthSettings } from './auth-settings';
import { AUTH_SETTINGS } from './auth-settings';
import { JwtStrategy } from './jwt.strategy';
import { LoginThrottle } from './login-throttle';
import { PasswordReset } from './password-reset';
import { RefreshSessions } from './refresh-sessions';
import { SignIn } from './sign-in';

export const authProviders = (settings: AuthSettings): Provider[] => [
  { provide: AUTH_SETTINGS, useValue: settings },
  { provide: RefreshSessions, useValue: new RefreshSessions(settings.store, settings.sessionTiming) },
  {
    provide: JwtStrategy,
    inject: [RefreshSessions],
    useFactory: (sessions: RefreshSessions) => new JwtStrategy(settings.jwtSecret, sessions),
  },
  { provide: LoginThrottle, useValue: new LoginThrottle(settings.store) },
  SignIn,
  PasswordReset,
  AuthenticatedGuard,
  AccessGuard,
];
