import type { Provider } from '@nestjs/common';
import type { KeyValueStore } from '../auth/key-value-store';
import { SocialGateway } from './social-gateway';
import type { SocialSettings } from './social-settings';
import { SOCIAL_SETTINGS } from './social-settings';
import { SocialTickets } from './social-tickets';

export const socialProviders = (settings: SocialSettings, store: KeyValueStore): Provider[] => [
  { provide: SOCIAL_SETTINGS, useValue: settings },
  { provide: SocialTickets, useValue: new SocialTickets(store) },
  SocialGateway,
];
