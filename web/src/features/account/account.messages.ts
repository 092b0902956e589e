import { registerMessages } from '../../lib/i18n';

registerMessages('account', {
  ko: {
    title: '내 계정',
    passwordTitle: '비밀번호 바꾸기',
    passwordChanged: '비밀번호를 바꿨습니다. 다른 기기에서는 다시 로그인해야 합니다.',
    change: '비밀번호 바꾸기',
    emailTitle: '로그인 이메일 바꾸기',
    emailIntro: '새 주소로 확인 링크를 보냅니다. 링크를 열어 확인하면 그 주소로 로그인합니다.',
    newEmail: '새 이메일',
    sameEmail: '지금 쓰는 주소와 다른 주소를 입력하세요.',
    sendLink: '확인 링크 보내기',
    linkSent: '{{email}}(으)로 확인 링크를 보냈습니다. 메일함을 확인하세요.',
    current: '지금 이메일: {{email}}',
  },
  en: {
    title: 'My account',
    passwordTitle: 'Change the password',
    passwordChanged: 'Your password was changed. Other devices must sign in again.',
    change: 'Change the password',
    emailTitle: 'Change the sign-in email',
    emailIntro: 'A confirmation link goes to the new address; once you open it, you sign in with that address.',
    newEmail: 'New email',
    sameEmail: 'Enter an address other than the current one.',
    sendLink: 'Send the confirmation link',
    linkSent: 'A confirmation link was sent to {{email}}. Check that inbox.',
    current: 'Current email: {{email}}',
  },
});
