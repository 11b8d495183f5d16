import CopyOutlined from '@ant-design/icons/CopyOutlined';
import FacebookFilled from '@ant-design/icons/FacebookFilled';
import InstagramOutlined from '@ant-design/icons/InstagramOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import ShareAltOutlined from '@ant-design/icons/ShareAltOutlined';
import SnapchatFilled from '@ant-design/icons/SnapchatFilled';
import XOutlined from '@ant-design/icons/XOutlined';
import { Button, type MenuProps } from 'antd';
import { MenuButton } from '../../../shared/ui/MenuButton';
import { useShareJoke } from '../hooks/use-share-joke';
import { isSharePlatform, type SharedJoke } from '../utils/share-text';

const items: MenuProps['items'] = [
  {
    type: 'group',
    label: 'Share this joke',
    children: [
      { key: 'x', icon: <XOutlined aria-hidden />, label: 'X' },
      { key: 'facebook', icon: <FacebookFilled aria-hidden />, label: 'Facebook' },
      { key: 'instagram', icon: <InstagramOutlined aria-hidden />, label: 'Instagram' },
      { key: 'snapchat', icon: <SnapchatFilled aria-hidden />, label: 'Snapchat' },
      { key: 'sms', icon: <MessageOutlined aria-hidden />, label: 'SMS/iMessage' },
      { key: 'copy', icon: <CopyOutlined aria-hidden />, label: 'Copy to clipboard' },
    ],
  },
];

export function ShareMenu({ joke }: { joke: SharedJoke }) {
  const share = useShareJoke();

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isSharePlatform(key)) void share(key, joke);
  };

  return (
    <MenuButton menu={{ items, onClick }}>
      <Button icon={<ShareAltOutlined aria-hidden />}>Share</Button>
    </MenuButton>
  );
}
