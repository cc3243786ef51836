import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';

import {
  codeProblem,
  confirmationProblem,
  confirmsDeletion,
  currentPasswordProblem,
  emailProblem,
  nameProblem,
  newEmailProblem,
  newPasswordProblem,
  passwordProblem,
  signUpPasswordProblem,
} from './account-rules';
import type { Problem } from './account-rules';

const en = i18n.getFixedT('en');
const es = i18n.getFixedT('es');
const text = (problem: Problem | null) => (problem ? en(problem.key, problem.values ?? {}) : null);

describe('name', () => {
  it("is required ('Name is required.'), blanks included", () => {
    expect(text(nameProblem(''))).toBe('Name is required.');
    expect(text(nameProblem('   '))).toBe('Name is required.');
  });

  it('has at most 32 characters', () => {
    expect(nameProblem('a'.repeat(32))).toBeNull();
    expect(text(nameProblem('a'.repeat(33)))).toBe('Name must be at most 32 characters.');
  });
});

describe('email', () => {
  it("must be valid ('A valid Email Address is required.')", () => {
    for (const bad of ['', 'ana', 'ana@', '@example.com', 'ana@example', 'a na@example.com']) {
      expect(text(emailProblem(bad)), bad).toBe('A valid Email Address is required.');
    }
    expect(emailProblem(' ana@example.com ')).toBeNull();
  });

  it('has at most 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect(long).toHaveLength(255);
    expect(text(emailProblem(long))).toBe('Email must be at most 254 characters.');
  });

  it('must differ from the current one when changed (case-insensitive, trimmed)', () => {
    expect(text(newEmailProblem(' ANA@example.com ', 'ana@example.com'))).toBe(
      'The new email address must be different from your current one.',
    );
    expect(newEmailProblem('bea@example.com', 'ana@example.com')).toBeNull();
    expect(text(newEmailProblem('nope', 'ana@example.com'))).toBe(
      'A valid Email Address is required.',
    );
  });
});

describe('passwords', () => {
  it('for sign-up have 5 to 59 characters', () => {
    expect(text(signUpPasswordProblem(''))).toBe('Password is required.');
    expect(text(signUpPasswordProblem('abcd'))).toBe(
      'Password must be between 5 and 59 characters.',
    );
    expect(signUpPasswordProblem('abcde')).toBeNull();
    expect(signUpPasswordProblem('a'.repeat(59))).toBeNull();
    expect(signUpPasswordProblem('a'.repeat(60))).not.toBeNull();
  });

  it('when new have at least 8 and at most 64 characters', () => {
    expect(text(newPasswordProblem('1234567'))).toBe('Password must be at least 8 characters.');
    expect(newPasswordProblem('12345678')).toBeNull();
    expect(text(newPasswordProblem('a'.repeat(65)))).toBe(
      'Password must be at most 64 characters.',
    );
  });

  it('for re-login are required (max 64)', () => {
    expect(text(passwordProblem(''))).toBe('Password is required.');
    expect(passwordProblem('x')).toBeNull();
    expect(passwordProblem('a'.repeat(65))).not.toBeNull();
  });

  it('current is required unless the account has no password', () => {
    expect(text(currentPasswordProblem('', true))).toBe('Current password is required.');
    expect(currentPasswordProblem('', false)).toBeNull();
  });

  it('must match their confirmation ("Passwords doesn\'t match.")', () => {
    expect(text(confirmationProblem('secret1', ''))).toBe('Please confirm your password.');
    expect(text(confirmationProblem('secret1', 'secret2'))).toBe("Passwords doesn't match.");
    expect(confirmationProblem('secret1', 'secret1')).toBeNull();
  });
});

describe('six-digit codes', () => {
  it("are exactly six digits ('Please enter six-digits code.')", () => {
    for (const bad of ['', '12345', '1234567', '12345a', '12 345']) {
      expect(text(codeProblem(bad)), bad).toBe('Please enter six-digits code.');
    }
    expect(codeProblem('012345')).toBeNull();
  });
});

describe('the delete-account phrase', () => {
  it("is 'i understand', ignoring case, outer spaces and repeated inner spaces", () => {
    for (const typed of ['i understand', 'I UNDERSTAND', '  I  Understand ', 'i\tunderstand']) {
      expect(confirmsDeletion(typed), typed).toBe(true);
    }
  });

  it('refuses anything else and anything over 128 characters', () => {
    for (const typed of ['', 'i understan', 'iunderstand', 'i understand!', 'yes']) {
      expect(confirmsDeletion(typed), typed).toBe(false);
    }
    expect(confirmsDeletion(`i understand${' '.repeat(120)}`)).toBe(false);
  });
});

describe('Spanish messages', () => {
  it('translate every rule', () => {
    expect(es('validation.passwords_do_not_match')).toBe('Las contraseñas no coinciden.');
    expect(es('validation.code_invalid')).toBe('Introduce el código de seis dígitos.');
  });
});
