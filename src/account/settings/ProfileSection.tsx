import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast/toast-state';
import { type AvatarProblem, compressAvatar, tellAppPictureSize } from './avatar-image';
import { attempt } from './run-change';
import { readAvatar, type SettingsOverview, saveNickname, settingsFailureText, uploadAvatar } from './settings-api';

const AVATAR_PROBLEM_TEXT = {
  type: 'accountSettings.avatar.errType',
  size: 'accountSettings.avatar.errSize',
  unreadable: 'accountSettings.avatar.errUnreadable',
} as const satisfies Record<AvatarProblem, string>;

export interface ProfileSectionProps {
  overview: SettingsOverview;
  onChanged(): Promise<void>;
}

/** The picture (compressed in the page, then stored by the gateway) and the nickname. */
export function ProfileSection({ overview, onChanged }: ProfileSectionProps) {
  const t = useT();
  const titleId = useId();
  const [nickName, setNickName] = useState(overview.nickName);
  const [nickError, setNickError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [avatar, setAvatar] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);

  // Inside the app its picker should hand over no more than the gateway keeps.
  useEffect(tellAppPictureSize, []);

  useEffect(() => {
    if (overview.avatarVersion === null) return;
    let live = true;
    readAvatar().then(
      (reply) => live && setAvatar(reply.dataUrl),
      () => live && setAvatar(null),
    );
    return () => {
      live = false;
    };
  }, [overview.avatarVersion]);

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = nickName.trim();
    if (trimmed.length < 2 || trimmed.length > 20 || /[<>]/.test(trimmed)) {
      setNickError(t('accountSettings.nickname.invalid'));
      return;
    }
    setSaving(true);
    const problem = await attempt(t, () => saveNickname(trimmed));
    setSaving(false);
    setNickError(problem || null);
    if (problem === null) {
      showToast({ type: 'success', message: t('accountSettings.saved') });
      await onChanged();
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setAvatarError(null);
    setUploading(true);
    try {
      const compressed = await compressAvatar(file);
      if ('problem' in compressed) {
        setAvatarError(t(AVATAR_PROBLEM_TEXT[compressed.problem]));
        return;
      }
      await uploadAvatar(compressed.image);
      showToast({ type: 'success', message: t('accountSettings.avatar.saved') });
      await onChanged();
    } catch (error) {
      setAvatarError(settingsFailureText(t, error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <section className="account-settings__card" aria-labelledby={titleId} data-testid="settings-profile">
      <h2 id={titleId}>{t('accountSettings.profile.title')}</h2>
      <div className="account-settings__profile">
        <div className="account-settings__avatar">
          {avatar ? (
            <img
              src={avatar}
              alt={t('accountSettings.avatar.alt')}
              width={72}
              height={72}
              data-testid="settings-avatar"
            />
          ) : (
            <span className="account-settings__avatar-empty" aria-hidden="true">
              {(overview.nickName || '?').slice(0, 1).toUpperCase()}
            </span>
          )}
          <label className="account-settings__file">
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              onChange={(event) => void choose(event)}
              disabled={isUploading}
              aria-describedby={`${titleId}-avatar-hint`}
            />
            <span>{isUploading ? t('accountSettings.avatar.uploading') : t('accountSettings.avatar.choose')}</span>
          </label>
          <p id={`${titleId}-avatar-hint`} className="account-settings__hint">
            {t('accountSettings.avatar.hint')}
          </p>
          {avatarError && (
            <p className="account-settings__error" role="alert">
              {avatarError}
            </p>
          )}
        </div>
        <form className="account-settings__form" onSubmit={(event) => void saveName(event)} noValidate>
          <Field
            label={t('accountSettings.nickname.label')}
            name="nickName"
            value={nickName}
            maxLength={20}
            autoComplete="nickname"
            disabled={overview.isSub}
            hint={overview.isSub ? t('accountSettings.err.mainOnly') : t('accountSettings.nickname.hint')}
            error={nickError}
            onChange={(event) => setNickName(event.target.value)}
          />
          {!overview.isSub && (
            <Button type="submit" variant="primary" loading={isSaving}>
              {t('accountSettings.save')}
            </Button>
          )}
        </form>
      </div>
    </section>
  );
}
