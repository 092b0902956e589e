import { registerMessages } from '../../lib/i18n';

registerMessages('admin', {
  ko: {
    nav: {
      home: '대시보드',
      music: '음악',
      tags: '태그',
      libraries: '라이브러리',
      playlists: '플레이리스트',
      hqs: '본사',
      stores: '매장',
      legal: '약관·개인정보',
      tickets: '문의',
      operators: '운영자',
      emailTemplates: '메일 템플릿',
      apiClients: 'API 클라이언트',
      playback: '재생 기록',
      account: '내 계정',
    },
  },
  en: {
    nav: {
      home: 'Dashboard',
      music: 'Music',
      tags: 'Tags',
      libraries: 'Libraries',
      playlists: 'Playlists',
      hqs: 'HQs',
      stores: 'Stores',
      legal: 'Terms & privacy',
      tickets: 'Tickets',
      operators: 'Operators',
      emailTemplates: 'Email templates',
      apiClients: 'API clients',
      playback: 'Playback logs',
      account: 'My account',
    },
  },
});
