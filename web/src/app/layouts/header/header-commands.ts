import {
  IconBook2,
  IconBrush,
  IconChartBar,
  IconCreditCard,
  IconFileSettings,
  IconGift,
  IconLanguage,
  IconLifebuoy,
  IconMail,
  IconMoonStars,
  IconRoad,
  IconShieldLock,
  IconSpeakerphone,
  IconUserCircle,
  IconUsersGroup,
  IconFileText,
  IconLock,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { useToggleColorScheme } from '@/components/ui';
import { marketingPath, paths } from '@/lib/paths';
import { LEVELS, useSession } from '@/lib/session';

/**
 * A header menu entry as data (label, icon, and a route or an action), read alike by the
 * desktop menus and the phone drawer.
 */
export interface HeaderCommand {
  id: string;
  label: string;
  icon: Icon;
  to?: string;
  run?: () => void;
}

interface SettingsCommandOptions {
  onOpenCommunicationSettings: () => void;
  onOpenMyStats: () => void;
}

/**
 * The Settings menu: the account sections (in `ACCOUNT_SECTIONS` order), then communication
 * settings, My Stats, dark mode, beta readers and the ambassador dashboard.
 */
export function useSettingsCommands({
  onOpenCommunicationSettings,
  onOpenMyStats,
}: SettingsCommandOptions): HeaderCommand[] {
  const { t } = useTranslation();
  const { user } = useSession();
  const handleToggleColorScheme = useToggleColorScheme();
  const commands: HeaderCommand[] = [
    {
      id: 'subscription',
      label: t('header.settings_menu.subscription'),
      icon: IconCreditCard,
      to: paths.account('subscription'),
    },
    {
      id: 'account_settings',
      label: t('header.settings_menu.account_settings'),
      icon: IconUserCircle,
      to: paths.account('settings'),
    },
    {
      id: 'manuscript_settings',
      label: t('header.settings_menu.manuscript_settings'),
      icon: IconFileSettings,
      to: paths.account('manuscript_settings'),
    },
    {
      id: 'color_options',
      label: t('header.settings_menu.color_options'),
      icon: IconBrush,
      to: paths.account('color_options'),
    },
    {
      id: 'security',
      label: t('header.settings_menu.security'),
      icon: IconShieldLock,
      to: paths.account('security'),
    },
    {
      id: 'ai_language_settings',
      label: t('header.settings_menu.ai_language_settings'),
      icon: IconLanguage,
      to: paths.account('ai_language_settings'),
    },
    {
      id: 'communication_settings',
      label: t('header.settings_menu.communication_settings'),
      icon: IconMail,
      run: onOpenCommunicationSettings,
    },
    { id: 'my_stats', label: t('my_stats.open'), icon: IconChartBar, run: onOpenMyStats },
    {
      id: 'toggle_dark_mode',
      label: t('header.settings_menu.toggle_dark_mode'),
      icon: IconMoonStars,
      run: handleToggleColorScheme,
    },
    {
      id: 'beta_readers',
      label: t('header.settings_menu.beta_readers'),
      icon: IconUsersGroup,
      to: paths.betaReaderReviewing,
    },
  ];
  if (user && user.level >= LEVELS.ambassador) {
    commands.push({
      id: 'ambassador_dashboard',
      label: t('header.settings_menu.ambassador_dashboard'),
      icon: IconSpeakerphone,
      to: paths.ambassadorDashboard,
    });
  }
  return commands;
}

/** The Help menu and its Resources links. */
export function useHelpCommands(): HeaderCommand[] {
  const { t } = useTranslation();
  return [
    {
      id: 'knowledge_base',
      label: t('header.help_menu.knowledge_base'),
      icon: IconLifebuoy,
      to: paths.knowledgeBase,
    },
    {
      id: 'roadmap',
      label: t('header.help_menu.roadmap'),
      icon: IconRoad,
      to: marketingPath('roadmap'),
    },
    { id: 'gift', label: t('header.help_menu.gift'), icon: IconGift, to: marketingPath('gift') },
    {
      id: 'ambassador',
      label: t('header.help_menu.ambassador'),
      icon: IconBook2,
      to: marketingPath('ambassador_program'),
    },
    {
      id: 'privacy_policy',
      label: t('header.help_menu.privacy_policy'),
      icon: IconLock,
      to: marketingPath('privacy_policy'),
    },
    {
      id: 'terms',
      label: t('header.help_menu.terms'),
      icon: IconFileText,
      to: marketingPath('terms_of_service'),
    },
  ];
}
