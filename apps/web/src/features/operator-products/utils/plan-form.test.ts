import { PLAN_DEFAULTS } from '@app/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { writePath } from './form-path.ts';
import { readDraft, writeDraft } from './plan-draft-storage.ts';
import { numberOrText, toPlanDraft, toPlanErrors, toPlanForm } from './plan-form.ts';

describe('the plan form', () => {
  it('gives back the plan it was made from when nothing was typed', () => {
    expect(toPlanDraft(toPlanForm(PLAN_DEFAULTS))).toEqual(PLAN_DEFAULTS);
  });

  it('sends plain decimals as numbers and anything else as typed, for the server to name', () => {
    expect(numberOrText(' 2.5 ')).toBe(2.5);
    expect(numberOrText('-1')).toBe(-1);
    expect(numberOrText('1,5')).toBe('1,5');
    expect(numberOrText('')).toBe('');
    expect(numberOrText('1e3')).toBe('1e3');
    const form = writePath(toPlanForm(PLAN_DEFAULTS), 'ranks.1.teamBusiness', 'lots');
    expect(toPlanDraft({ ...form, incomeCapMultiple: ' ' })).toMatchObject({
      incomeCapMultiple: null,
      ranks: [{ teamBusiness: 5000 }, { teamBusiness: 'lots' }, {}, {}, {}],
    });
  });

  it('puts each reason on the form path it names, the first one per field', () => {
    expect(
      toPlanErrors([
        { field: 'document.teamProfitPercentages.3', reason: 'Too high' },
        { field: 'document.teamProfitPercentages.3', reason: 'Too precise' },
        { field: 'document.ranks', reason: 'Rank names must differ' },
      ]),
    ).toEqual({ 'teamProfitPercentages.3': 'Too high', ranks: 'Rank names must differ' });
  });
});

describe('the stored draft', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('is the operator’s own: another operator in the same tab starts afresh', () => {
    const form = toPlanForm(PLAN_DEFAULTS);
    writeDraft({ operatorId: 'o-1', baseVersion: 3, form });
    expect(readDraft('o-1')).toEqual({ operatorId: 'o-1', baseVersion: 3, form });
    expect(readDraft('o-2')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    window.sessionStorage.setItem('operator.plan-draft', '{"baseVersion":"3"');
    expect(readDraft('o-1')).toBeNull();
    window.sessionStorage.setItem('operator.plan-draft', JSON.stringify({ operatorId: 'o-1' }));
    expect(readDraft('o-1')).toBeNull();
  });
});
