/**
 * The affiliate admin contract (issue 13 point 6; spec §3 Affiliate service, §5 affiliate link
 * template): services (key, name, enabled) and their locales (region, variant, template, domain,
 * affiliate tag). A template is checked with the pop-up's own builder (affiliateTemplateProblem in
 * src/domain/reader/affiliate-link.ts), so the form refuses what the buy button could never use.
 */
import { z } from 'zod';
import { affiliateTemplateProblem, isAffiliateDomain } from '../reader/affiliate-link.ts';
import { text } from './text.ts';
import { refSchema } from './refs.ts';
import { notEmpty } from './editorial.ts';
import { VersionSchema } from '../editorial/versions.ts';

export const AFFILIATE_TAG_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

const key = text('validation.affiliate.key').trim().regex(/^[a-z0-9][a-z0-9.-]{0,63}$/, 'validation.affiliate.key');
const name = text('validation.affiliate.name').trim().min(1, 'validation.affiliate.name').max(100, 'validation.affiliate.name');
const enabled = z.boolean('validation.affiliate.enabled');

export const AffiliateServiceInputSchema = z.strictObject({ key, name, enabled: enabled.default(true) });
export type AffiliateServiceInput = z.infer<typeof AffiliateServiceInputSchema>;
export const AffiliateServicePatchSchema = z
  .strictObject({ key: key.optional(), name: name.optional(), enabled: enabled.optional(), version: VersionSchema.optional() })
  .refine(notEmpty, 'validation.editorial.nothingToChange');
export type AffiliateServicePatch = z.infer<typeof AffiliateServicePatchSchema>;

const localeFields = {
  /** ISO 3166 region, upper case (spec §7: DE preferred). */
  region: text('validation.affiliate.region').trim().toUpperCase().regex(/^[A-Z]{2}$/, 'validation.affiliate.region'),
  variant: text('validation.affiliate.variant').trim().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'validation.affiliate.variant'),
  template: text('validation.affiliate.template').trim().min(1, 'validation.affiliate.template').max(500, 'validation.affiliate.template'),
  domain: text('validation.affiliate.domain').trim().max(253, 'validation.affiliate.domain').refine(isAffiliateDomain, 'validation.affiliate.domain'),
  /** Empty or null: no tag (the link then has none). */
  affiliateTag: text('validation.affiliate.tag')
    .trim()
    .refine((v) => v === '' || AFFILIATE_TAG_PATTERN.test(v), 'validation.affiliate.tag')
    .transform((v) => (v === '' ? null : v))
    .nullable(),
};

/** The message key of each verdict of affiliateTemplateProblem (issue 29 point 20: 'host', a link to another site). */
export const AFFILIATE_TEMPLATE_PROBLEM_KEYS = { placeholder: 'validation.affiliate.placeholder', address: 'validation.affiliate.template', host: 'validation.affiliate.host' } as const;

/** The template, checked by the builder (an unknown placeholder, or no web address even when filled). */
function checkTemplate(value: { template?: string; domain?: string; affiliateTag?: string | null }, ctx: z.RefinementCtx) {
  if (value.template === undefined) return;
  // Without a domain (a patch of the template alone) the host is checked against the stored one (db/queries/editorial/affiliate.ts).
  const problem = affiliateTemplateProblem({ region: 'DE', variant: 'default', template: value.template, domain: value.domain ?? '', affiliateTag: value.affiliateTag ?? null });
  if (problem) ctx.addIssue({ code: 'custom', path: ['template'], message: AFFILIATE_TEMPLATE_PROBLEM_KEYS[problem] });
}

export const AffiliateLocaleInputSchema = z
  .strictObject({ ...localeFields, variant: localeFields.variant.default('default'), affiliateTag: localeFields.affiliateTag.default(null), version: VersionSchema.optional() })
  .superRefine(checkTemplate);
export type AffiliateLocaleInput = z.infer<typeof AffiliateLocaleInputSchema>;
export const AffiliateLocalePatchSchema = z
  .strictObject({
    region: localeFields.region.optional(),
    variant: localeFields.variant.optional(),
    template: localeFields.template.optional(),
    domain: localeFields.domain.optional(),
    affiliateTag: localeFields.affiliateTag.optional(),
    /** The service's version (a locale is part of its service, issue 27 point 4). */
    version: VersionSchema.optional(),
  })
  .refine(notEmpty, 'validation.editorial.nothingToChange')
  .superRefine(checkTemplate);
export type AffiliateLocalePatch = z.infer<typeof AffiliateLocalePatchSchema>;

export const AdminAffiliateLocaleSchema = z.object({
  id: z.number().int(),
  region: z.string(),
  variant: z.string(),
  template: z.string(),
  domain: z.string(),
  affiliateTag: z.string().nullable(),
});
export type AdminAffiliateLocale = z.infer<typeof AdminAffiliateLocaleSchema>;
export const AdminAffiliateServiceSchema = z.object({ id: z.number().int(), version: z.number().int(), key: z.string(), name: z.string(), enabled: z.boolean(), locales: z.array(AdminAffiliateLocaleSchema) });
export type AdminAffiliateService = z.infer<typeof AdminAffiliateServiceSchema>;

/** The edition the admin preview links: the chosen book's primary edition (issue 29 point 20), Dune's until one is chosen. */
export const AffiliateSampleSchema = z.object({ bookId: z.number().int(), bookTitle: z.string(), title: z.string(), isbn: z.string().nullable(), asin: z.string().nullable() });
export type AffiliateSample = z.infer<typeof AffiliateSampleSchema>;

/** GET /api/admin/affiliate[?book={id or slug}]: every service (disabled ones too) and the sample edition of the preview. */
export const AdminAffiliateSchema = z.object({
  services: z.array(AdminAffiliateServiceSchema),
  sample: AffiliateSampleSchema.nullable(),
});
/** The query of GET /api/admin/affiliate: the book whose edition the preview links. */
export const AdminAffiliateQuerySchema = z.strictObject({ book: refSchema('validation.bookRef').optional() });
export type AdminAffiliate = z.infer<typeof AdminAffiliateSchema>;
