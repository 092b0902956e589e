import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MusicSource } from '../upload-rules';
import '../admin-music.messages';

/** AI (own music) or TRUST (licensed), named in full on hover. */
export const MusicSourceBadge = ({ source }: { source: MusicSource }) => {
  const { t } = useTranslation('admin-music');
  return (
    <Badge variant="light" color={source === 'AI' ? 'grape' : 'teal'} title={t(`sourceHelp.${source}`)} data-source={source}>
      {t(`sources.${source}`)}
    </Badge>
  );
};
