/**
 * The affiliate services for the pop-up's buy link (spec §7 `GET /api/affiliate/services`: "failure
 * gives empty list"; the cache never expires, spec §7, §9). Asked once per page, on the first pop-up.
 */
import { atom } from 'nanostores';
import { z } from 'zod';
import { AffiliateServiceSchema, type AffiliateService } from '../../../domain/schemas/reader.ts';
import { readerClient } from './reader-support.ts';

export const $affiliateServices = atom<readonly AffiliateService[]>([]);

let requested = false;

export function loadAffiliateServices(locale: string): void {
  if (requested) return;
  requested = true;
  readerClient(locale)
    .get('/api/affiliate/services', { schema: z.array(AffiliateServiceSchema) })
    .then((services) => $affiliateServices.set(services))
    // Spec §7: a failure gives the empty list; buildAffiliateLink then builds its fallback search link.
    .catch(() => $affiliateServices.set([]));
}
