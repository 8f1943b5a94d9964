import { useState } from 'react';
import { Button, Menu, PopoverNext } from '@blueprintjs/core';
import { useAccountState } from '../../state/account.ts';
import { UserDialogs, UserMenuItems, type UserDialog } from './UserDialogs.tsx';

/** The user menu: user center, modify password, lock screen, logout. */
export function UserMenu() {
  const { userInfo } = useAccountState();
  const [open, setOpen] = useState<UserDialog>('none');
  return (
    <>
      <PopoverNext
        content={
          <Menu>
            <UserMenuItems onOpen={setOpen} />
          </Menu>
        }
        placement="bottom-end"
        // Its items open dialogs that take the focus. Given back to this button when the menu's
        // exit transition ends, the focus would leave the dialog's field the user is typing in.
        shouldReturnFocusOnClose={false}
      >
        <Button
          variant="minimal"
          icon="user"
          endIcon="caret-down"
          text={userInfo?.nickname === '' ? userInfo.username : userInfo?.nickname}
          data-testid="user-menu"
        />
      </PopoverNext>
      <UserDialogs open={open} onClose={() => setOpen('none')} />
    </>
  );
}
