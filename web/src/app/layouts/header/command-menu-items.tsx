import { Menu } from '@mantine/core';
import { Link } from 'react-router';

import type { HeaderCommand } from './header-commands';

/** Renders commands as `Menu.Item`s: links for routes, buttons for actions. */
export function CommandMenuItems({ commands }: { commands: HeaderCommand[] }) {
  return commands.map((command) => {
    const icon = <command.icon size={16} stroke={1.6} />;
    if (command.to !== undefined) {
      return (
        <Menu.Item key={command.id} component={Link} to={command.to} leftSection={icon}>
          {command.label}
        </Menu.Item>
      );
    }
    return (
      <Menu.Item key={command.id} leftSection={icon} onClick={command.run}>
        {command.label}
      </Menu.Item>
    );
  });
}
