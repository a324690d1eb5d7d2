import { describe, expect, it } from 'vitest';
import { isBylineLine, isDateline } from '../../../utils/clip/clutter';

// Lines seen on the extraction benchmark's news pages, and prose that must survive.
describe('datelines', () => {
  it.for([
    'Updated Nov 19, 6:55 AM;Posted Nov 19, 6:51 AM',
    'PUBLISHED: 10:48, Tue, Nov 19, 2019 | UPDATED: 11:05, Tue, Nov 19, 2019',
    'Posted: Fri 6:45 PM, Feb 16, 2018 |',
    'November 19, 2019 | 4:20am | Updated November 19, 2019 | 9:32pm',
    'Published 1 day ago',
    'Updated at 1:23 p.m.',
    'sexta-feira, 22 de outubro de 2010 às 20:13',
  ])('%s is a dateline', (line) => {
    expect(isDateline(line)).toBe(true);
  });

  it.for([
    'The council met on Nov 19 to vote on the plan.',
    'Doors open at 7:30 pm and the concert starts an hour later',
    'Sales rose 4% in the quarter to September 30, the company said on Monday.',
  ])('%s is prose', (line) => {
    expect(isDateline(line)).toBe(false);
  });
});

describe('bylines', () => {
  it('knows a byline with and without a date', () => {
    expect(isBylineLine('By Stefan Becket, Kathryn Watson, Grace Segers')).toBe(true);
    expect(isBylineLine('By Justine Coleman - 11/18/19 11:04 PM EST')).toBe(true);
  });

  it('leaves sentences that start with "By"', () => {
    expect(isBylineLine('By Tuesday the river had risen two metres.')).toBe(false);
    expect(isBylineLine('By the time the vote came, most members had left')).toBe(false);
  });
});
