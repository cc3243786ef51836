import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { session } from '@/lib/session';
import type { SessionUser } from '@/lib/session';
import { buildUser } from '@/testing/build-user';
import { renderWithProviders } from '@/testing/render-with-providers';
import { refusal, stubApi, success } from '@/testing/stub-api';

import { AiLanguageSection } from './ai-language/ai-language-section';
import { ChangePasswordForm } from './change-password-form';
import { ColorOptionsSection } from './color-options/color-options-section';
import { CommunicationSettingsForm } from './communication-settings-form';
import { ManuscriptSettingsSection } from './manuscript-settings-section';

const ana = buildUser();

/** PUT users/{id} answering the user with the sent settings merged in. */
function echoSave(user: SessionUser) {
  return stubApi({
    [`PUT /users/${user.id}`]: ({ body }) =>
      success({
        user: {
          ...user,
          settings: { ...user.settings, ...(body as { settings?: object }).settings },
        },
      }),
  });
}

describe('the change password form', () => {
  it('checks every rule, then changes the password', async () => {
    const calls = stubApi({ 'PUT /users/change_password': success(true) });
    const onDone = vi.fn();
    renderWithProviders(<ChangePasswordForm hasPassword onDone={onDone} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Current password/), 'old-secret');
    await user.type(screen.getByLabelText(/^New password/), ' enough');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'short enough');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(calls[0]?.body).toEqual({
      current_password: 'old-secret',
      new_password: 'short enough',
      new_password_confirmation: 'short enough',
    });
  });

  it('leaves out the current password for an account without one', () => {
    stubApi({});
    renderWithProviders(<ChangePasswordForm hasPassword={false} onDone={vi.fn()} />);
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
  });

  it('puts a wrong current password under its field', async () => {
    stubApi({
      'PUT /users/change_password': refusal(422, 'current_password_incorrect', {
        current_password: 'current_password_incorrect',
      }),
    });
    renderWithProviders(<ChangePasswordForm hasPassword onDone={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Current password/), 'wrong');
    await user.type(screen.getByLabelText(/^New password/), 'long enough');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
  });
});

describe('colour options', () => {
  it('apply a preset at once and save it 200 ms later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = buildUser({ settings: { theme_id: 1 } });
    const calls = echoSave(user);
    session.setUser(user);
    renderWithProviders(<ColorOptionsSection user={user} />);
    const events = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await events.click(screen.getByRole('button', { name: 'Emerald' }));
    expect(session.getState().user?.settings.theme_id).toBe(3);
    expect(screen.getByRole('button', { name: 'Emerald' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(await screen.findByText('The color has been updated!')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PUT', path: `/users/${user.id}`, body: { settings: { theme_id: 3 } } },
    ]);
    vi.useRealTimers();
  });

  it("say 'Failed to save user data' and go back to the server's colours on failure", async () => {
    const user = buildUser({ settings: { theme_id: 1 } });
    stubApi({
      [`PUT /users/${user.id}`]: refusal(422, 'invalid_fields'),
      'GET /users/me': success({ user }),
    });
    session.setUser(user);
    renderWithProviders(<ColorOptionsSection user={user} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Lemon' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'Failed to save user data',
    );
    await waitFor(() => {
      expect(session.getState().user?.settings.theme_id).toBe(1);
    });
  });
});

describe('manuscript settings', () => {
  it('show the ten display checkboxes with their defaults and save them all', async () => {
    const calls = echoSave(ana);
    session.setUser(ana);
    renderWithProviders(<ManuscriptSettingsSection user={ana} />);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(10);
    expect(boxes.filter((box) => (box as HTMLInputElement).checked)).toHaveLength(1);
    expect(
      screen.getByRole('checkbox', {
        name: 'Show the floating toolbar on the right side of the editor',
      }),
    ).toBeChecked();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Call subchapters scenes' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Your manuscript settings have been saved.'),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      settings: {
        show_full_statuses: false,
        show_triangle_status_in_left_sidebar: false,
        show_status_name_in_right_sidebar: false,
        increase_status_dot_size_in_left_sidebar: false,
        hide_saving_indicator: false,
        manuscript_to_last_place: false,
        subchapters_as_scenes: true,
        increase_tags_dot_size_in_left_sidebar: false,
        show_all_statuses_in_right_sidebar: false,
        show_floating_toolbar_on_editor_right_side: true,
      },
    });
  });
});

describe('AI language settings', () => {
  // A select of dozens of languages per feature makes a large jsdom tree: this test gets more time.
  it('save every feature with its language and on/off state', { timeout: 15_000 }, async () => {
    const calls = echoSave(ana);
    session.setUser(ana);
    renderWithProviders(<AiLanguageSection user={ana} />);
    const user = userEvent.setup();
    // Label queries: role queries over nine selects are slow in jsdom.
    await user.click(screen.getByLabelText('Thesaurus: On'));
    await user.click(screen.getByText('Save'));
    expect(await screen.findByText('Your Quire AI settings has been saved.')).toBeInTheDocument();
    const ai = (calls[0]?.body as { settings: { ai: Record<string, object> } }).settings.ai;
    expect(Object.keys(ai)).toHaveLength(9);
    expect(ai.thesaurus).toEqual({ language: 'auto', disabled: true });
    expect(ai.rewrite).toEqual({ language: 'auto', disabled: false });
  });
});

describe('communication settings', () => {
  it('save the chosen email lists', async () => {
    const user = buildUser({ settings: { emails_subscriptions: ['marketing', 'stats'] } });
    const calls = echoSave(user);
    session.setUser(user);
    const onSaved = vi.fn();
    renderWithProviders(<CommunicationSettingsForm user={user} onSaved={onSaved} />);
    const events = userEvent.setup();
    await events.click(screen.getByRole('checkbox', { name: 'News, writing tips and offers' }));
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Your communication settings have been saved.'),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ settings: { emails_subscriptions: ['stats'] } });
    expect(onSaved).toHaveBeenCalledTimes(1);
  });
});
