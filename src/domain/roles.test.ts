import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './enums.ts';
import { can, effectiveRole, hasRank, isGolden, isSuperUser, type RoleHolder } from './roles.ts';

const userWith = (role: Role): RoleHolder => ({ role });

describe('hasRank', () => {
  it('ranks roles by their order in ROLES', () => {
    const matrix = ROLES.map((role) => ROLES.map((needed) => hasRank(role, needed)));
    expect(matrix).toEqual([
      // needed: NORMAL, POWER, GOLDEN, SUPER
      [true, false, false, false], // NORMAL_USER
      [true, true, false, false], // POWER_USER
      [true, true, true, false], // GOLDEN_USER
      [true, true, true, true], // SUPER_USER
    ]);
  });
});

describe('effectiveRole', () => {
  it('treats a signed-out visitor as NORMAL_USER', () => {
    expect(effectiveRole(null)).toBe('NORMAL_USER');
    expect(effectiveRole(undefined)).toBe('NORMAL_USER');
  });

  it('lifts a signed-in NORMAL_USER to POWER_USER', () => {
    expect(effectiveRole(userWith('NORMAL_USER'))).toBe('POWER_USER');
  });

  it('keeps higher roles as they are', () => {
    expect(effectiveRole(userWith('POWER_USER'))).toBe('POWER_USER');
    expect(effectiveRole(userWith('GOLDEN_USER'))).toBe('GOLDEN_USER');
    expect(effectiveRole(userWith('SUPER_USER'))).toBe('SUPER_USER');
  });
});

describe('can', () => {
  const cases: Array<[label: string, user: RoleHolder | null, expected: Record<Role, boolean>]> = [
    ['anonymous', null, { NORMAL_USER: true, POWER_USER: false, GOLDEN_USER: false, SUPER_USER: false }],
    ['NORMAL_USER', userWith('NORMAL_USER'), { NORMAL_USER: true, POWER_USER: true, GOLDEN_USER: false, SUPER_USER: false }],
    ['POWER_USER', userWith('POWER_USER'), { NORMAL_USER: true, POWER_USER: true, GOLDEN_USER: false, SUPER_USER: false }],
    ['GOLDEN_USER', userWith('GOLDEN_USER'), { NORMAL_USER: true, POWER_USER: true, GOLDEN_USER: true, SUPER_USER: false }],
    ['SUPER_USER', userWith('SUPER_USER'), { NORMAL_USER: true, POWER_USER: true, GOLDEN_USER: true, SUPER_USER: true }],
  ];

  for (const [label, user, expected] of cases) {
    for (const needed of ROLES) {
      it(`${label} ${expected[needed] ? 'holds' : 'lacks'} ${needed}`, () => {
        expect(can(user, needed)).toBe(expected[needed]);
      });
    }
  }
});

describe('isGolden', () => {
  it('is true only for GOLDEN_USER and SUPER_USER', () => {
    expect(isGolden(null)).toBe(false);
    expect(ROLES.filter((role) => isGolden(userWith(role)))).toEqual(['GOLDEN_USER', 'SUPER_USER']);
  });
});

describe('isSuperUser', () => {
  it('is true only for SUPER_USER', () => {
    expect(isSuperUser(null)).toBe(false);
    expect(ROLES.filter((role) => isSuperUser(userWith(role)))).toEqual(['SUPER_USER']);
  });
});
