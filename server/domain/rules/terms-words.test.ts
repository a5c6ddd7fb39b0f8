import { describe, expect, it } from 'vitest';
import { termsInWords } from './terms-words';

const percent = (pct: number) => ({ isFlat: false, amount: pct * 100, currency: null, lengthType: 'one_time', lengthMonths: null, appliesToInterval: 'any' }) as const;

describe('the deal in words', () => {
  it('says what each length pays, as the engine counts it', () => {
    expect(termsInWords(percent(30), 'usd')).toBe('30% of the first payment');
    expect(termsInWords({ ...percent(30), lengthType: 'limited', lengthMonths: 12 }, 'usd')).toBe('30% of every payment for 12 months');
    expect(termsInWords({ ...percent(25.5), lengthType: 'limited', lengthMonths: 1 }, 'usd')).toBe('25.5% of every payment for the first month');
    expect(termsInWords({ ...percent(20), lengthType: 'lifetime' }, 'usd')).toBe('20% of every payment, for as long as the customer pays');
  });

  it('flat amounts in their currency, plans, and rewards given in the billing system', () => {
    expect(termsInWords({ ...percent(0), isFlat: true, amount: 1000, currency: null }, 'jpy')).toBe('¥1,000 for the first payment');
    expect(termsInWords({ ...percent(0), isFlat: true, amount: 1250, currency: 'eur', lengthType: 'lifetime', appliesToInterval: 'year' }, 'usd')).toBe(
      '€12.50 for every payment, for as long as the customer pays on yearly plans',
    );
    expect(termsInWords({ ...percent(10), delivery: 'account_credit', deliveryMonths: null }, 'usd')).toBe('10% of the first payment, as credit on the bill');
    expect(termsInWords({ ...percent(10), delivery: 'free_months', deliveryMonths: 2, appliesToInterval: 'month' }, 'usd')).toBe('2 free months on monthly plans');
  });
});
