import { AppError } from '@storecast/service-kit';

export const ttsNotConfigured = (message = 'Speech synthesis is not configured') => new AppError(503, 'TTS_TOKEN_NOT_CONFIGURED', message);
export const ttsFailed = (message = 'Speech synthesis failed', cause?: unknown) => new AppError(502, 'TTS_SYNTHESIS_FAILED', message, { cause });
