import { describe, expect, it } from 'vitest';
import { affiliateTagAmazonDe, DEFAULT_AFFILIATE_TAG_AMAZON_DE } from './affiliate-services.ts';

describe('affiliateTagAmazonDe', () => {
  it('uses the local default on a laptop and the configured tag where set', () => {
    expect(affiliateTagAmazonDe({}, false)).toBe(DEFAULT_AFFILIATE_TAG_AMAZON_DE);
    expect(affiliateTagAmazonDe({ AFFILIATE_TAG_AMAZON_DE: '  ' }, false)).toBe(DEFAULT_AFFILIATE_TAG_AMAZON_DE);
    expect(affiliateTagAmazonDe({ AFFILIATE_TAG_AMAZON_DE: ' shop-21 ' }, true)).toBe('shop-21');
  });

  it('refuses the local default when deployed', () => {
    expect(() => affiliateTagAmazonDe({}, true)).toThrow(/AFFILIATE_TAG_AMAZON_DE must be set/);
    expect(() => affiliateTagAmazonDe({ AFFILIATE_TAG_AMAZON_DE: DEFAULT_AFFILIATE_TAG_AMAZON_DE }, true)).toThrow(/AFFILIATE_TAG_AMAZON_DE/);
  });

  it('refuses a value that is not a tag (it becomes part of every buy link)', () => {
    expect(() => affiliateTagAmazonDe({ AFFILIATE_TAG_AMAZON_DE: 'a&b=c' }, false)).toThrow(/not a partner tag/);
  });
});
