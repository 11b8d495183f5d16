import CopyOutlined from '@ant-design/icons/CopyOutlined';
import FacebookFilled from '@ant-design/icons/FacebookFilled';
import InstagramOutlined from '@ant-design/icons/InstagramOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import ShareAltOutlined from '@ant-design/icons/ShareAltOutlined';
import SnapchatFilled from '@ant-design/icons/SnapchatFilled';
import XOutlined from '@ant-design/icons/XOutlined';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useShareJoke } from '../hooks/use-share-joke';
import { isSharePlatform, type ShareableJoke } from '../utils/share-text';

const items: MenuProps['items'] = [
  {
    type: 'group',
    label: 'Share this joke',
    children: [
      { key: 'x', icon: <XOutlined />, label: 'X' },
      { key: 'facebook', icon: <FacebookFilled />, label: 'Facebook' },
      { key: 'instagram', icon: <InstagramOutlined />, label: 'Instagram' },
      { key: 'snapchat', icon: <SnapchatFilled />, label: 'Snapchat' },
      { key: 'sms', icon: <MessageOutlined />, label: 'SMS/iMessage' },
      { key: 'copy', icon: <CopyOutlined />, label: 'Copy to clipboard' },
    ],
  },
];

export function ShareMenu({ joke }: { joke: ShareableJoke & { id: string } }) {
  const share = useShareJoke();

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isSharePlatform(key)) void share(key, joke);
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button icon={<ShareAltOutlined />}>Share</Button>
    </Dropdown>
  );
}
