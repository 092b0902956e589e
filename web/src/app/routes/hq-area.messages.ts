import { registerMessages } from '../../lib/i18n';

registerMessages('hq', {
  ko: {
    nav: {
      home: '매장 현황',
      stores: '매장',
      announcements: '안내 방송',
      dispatches: '송출 이력',
      receipts: '전달 현황',
      commercials: 'CM 송',
      playback: '재생 기록',
      playlists: '플레이리스트',
      libraries: '라이브러리',
      support: '고객 지원',
      settings: '본사 설정',
      account: '내 계정',
    },
  },
  en: {
    nav: {
      home: 'Fleet',
      stores: 'Stores',
      announcements: 'Announcements',
      dispatches: 'Dispatch history',
      receipts: 'Delivery',
      commercials: 'Commercial songs',
      playback: 'Playback',
      playlists: 'Playlists',
      libraries: 'Libraries',
      support: 'Support',
      settings: 'HQ settings',
      account: 'My account',
    },
  },
});
