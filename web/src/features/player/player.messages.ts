import { registerMessages } from '../../lib/i18n';

registerMessages('player', {
  ko: {
    nav: { player: '플레이어', broadcast: '매장 방송', templates: '문구 템플릿', reservations: '예약 방송', devices: '기기', tickets: '고객 문의', profile: '매장 정보' },
  },
  en: {
    nav: { player: 'Player', broadcast: 'Broadcast', templates: 'Templates', reservations: 'Reservations', devices: 'Devices', tickets: 'Support', profile: 'Store profile' },
  },
});
