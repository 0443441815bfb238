import { useId, useRef, useState, type FormEvent } from 'react';
import { channelLabel, isChannelName, RELEASE_TEXTS, RELEASES_ADMIN_TEXTS as T } from '@solvr/contracts';
import { Badge, Button } from '@solvr/web-ui';
import { Field, Input } from '@solvr/web-ui/forms';
import { problemText } from '@solvr/web-files/admin';
import { useAddReleaseChannelMutation, useReleaseChannelsQuery } from './releases-admin.api';

/** The release channels (stable, beta and the ones added), and a form to add one: its feeds are {name}.yml, ... */
export function ReleaseChannels() {
  const ids = useId();
  const { data } = useReleaseChannelsQuery();
  const [addChannel, { isLoading }] = useAddReleaseChannelMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [added, setAdded] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setAdded('');
    const clean = name.trim();
    if (!isChannelName(clean)) {
      setError(RELEASE_TEXTS.badChannelName);
      return input.current?.focus();
    }
    try {
      await addChannel(clean).unwrap();
      setAdded(T.channelAdded(clean));
      setName('');
    } catch (err) {
      setError(problemText(err, T.failed));
      input.current?.focus();
    }
  };

  return (
    <section className="fa-channels" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>{T.channelsHeading}</h3>
      <p className="fa-muted">{T.channelsHelp}</p>
      <ul className="fa-channel-list" aria-label={T.channelsHeading}>
        {(data ?? []).map((c) => (
          <li key={c}>
            <Badge variant="secondary">{channelLabel(c)}</Badge>
          </li>
        ))}
      </ul>
      <form className="fa-token-form" onSubmit={add} noValidate>
        <Field label={T.channelName} htmlFor={`${ids}-name`} error={error || undefined}>
          <Input ref={input} id={`${ids}-name`} value={name} maxLength={10} autoComplete="off" onChange={(e) => setName(e.target.value)} />
        </Field>
        <Button type="submit" loading={isLoading}>
          {T.addChannel}
        </Button>
      </form>
      <p aria-live="polite" className="fa-muted">
        {added}
      </p>
    </section>
  );
}
