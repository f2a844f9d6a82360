import { z } from 'zod';

/** A moment as the answers carry it (`Date.prototype.toISOString()`). */
export const dateTimeSchema = z.string().describe('ISO 8601 date-time');
