import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetViewing,
  noteAccessEnded,
  noteAccessEndedIfViewing,
  rememberViewing,
  takeAccessEnded,
} from './access-ended';

afterEach(() => window.localStorage.clear());

describe('access ended message (issue 35.10)', () => {
  it('names the client whose account the accountant was in, once', () => {
    rememberViewing('Ada Lovelace');
    noteAccessEnded();
    noteAccessEnded(); // a second refused request keeps the name
    expect(takeAccessEnded()).toContain("Your access to Ada Lovelace's account has ended");
    expect(takeAccessEnded()).toBeNull();
  });

  it('says nothing after leaving by choice', () => {
    rememberViewing('Ada');
    forgetViewing();
    expect(takeAccessEnded()).toBeNull();
  });

  it('a socket closed for ended access announces it only for a client being viewed', () => {
    noteAccessEndedIfViewing();
    expect(takeAccessEnded()).toBeNull();
    rememberViewing('Ada');
    noteAccessEndedIfViewing();
    expect(takeAccessEnded()).toContain("Your access to Ada's account has ended");
  });
});
