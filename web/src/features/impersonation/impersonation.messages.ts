import { registerMessages } from '../../lib/i18n';

registerMessages('impersonation', {
  ko: {
    opening: '본사 콘솔을 여는 중…',
    noToken: '대리 접속 링크에 토큰이 없습니다. 백오피스에서 다시 여세요.',
    failedTitle: '대리 접속을 시작하지 못했습니다',
    bannerLabel: '대리 접속',
    banner: '운영자 {{email}}(이)가 {{hq}} 본사로 대리 접속 중입니다.',
    remaining: '남은 시간 {{time}}',
    end: '대리 접속 끝내기',
    forbidden: '대리 접속 중에는 할 수 없습니다. 본사 관리자 본인만 할 수 있습니다.',
  },
  en: {
    opening: 'Opening the HQ console…',
    noToken: 'The impersonation link has no token. Open it again from the backoffice.',
    failedTitle: 'Impersonation could not start',
    bannerLabel: 'Impersonation',
    banner: 'Operator {{email}} is working as the HQ {{hq}}.',
    remaining: '{{time}} left',
    end: 'End impersonation',
    forbidden: 'Not available while impersonating: only the HQ manager themselves can do this.',
  },
});
