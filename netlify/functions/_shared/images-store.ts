/**
 * The Netlify Blobs store of uploaded images (issue 13 point 3): apart from `images.ts`, so the
 * function that serves images never loads sharp.
 */
import { getStore } from '@netlify/blobs';

/** The store of every uploaded image's variants (site-wide: uploads outlive deploys). */
export const IMAGES_STORE = 'images';

/**
 * Reads are strongly consistent: the uploader shows the new image at once, and an eventually
 * consistent read could miss it for up to a minute. The CDN caches every found variant for a year,
 * so few reads reach the store.
 */
export const imagesStore = () => getStore({ name: IMAGES_STORE, consistency: 'strong' });
