import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { OccasionSlugSchema } from '../../core/schemas/occasion-slug';
import { FormMessage, TextInput } from '../components/text-input';
import { useFormSave } from '../components/use-form-save';
import { useKindly } from '../data/kindly';
import { useCan, useOccasion } from './occasion-context';

/** The address of Kindly's RSVP page for a slug, on the origin that serves the dashboard. */
export const rsvpPageAddress = (origin: string, slug: string): string => `${origin}/r/${slug}`;

/**
 * Settings: the RSVP page Kindly serves for hosts without a website of their own (`/r/{slug}`),
 * its full address with a copy button, and a link that opens it. Invitations link there unless
 * the hosts set their own RSVP page URL.
 */
export function RsvpPageSection() {
  const occasion = useOccasion();
  const { stores } = useKindly();
  const canWrite = useCan('write');
  const [slug, setSlug] = useState(occasion.slug ?? '');
  const [current, setCurrent] = useState(occasion.slug);
  const [status, setStatus] = useState('');
  const { errors, message, busy, save } = useFormSave();
  const address = current ? rsvpPageAddress(window.location.origin, current) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus('');
    const body = { slug: slug.trim() === '' ? null : slug };
    const updated = await save(OccasionSlugSchema, body, (output) => stores.$setOccasionSlug.mutate({ occasionId: occasion.id, body: output }));
    if (!updated) return;
    setCurrent(updated.slug);
    setSlug(updated.slug ?? '');
    setStatus(updated.slug ? 'Saved.' : 'Saved: the occasion has no RSVP page.');
  }

  async function copy() {
    if (!address) return;
    try {
      await navigator.clipboard.writeText(address);
      setStatus('Copied to the clipboard.');
    } catch {
      setStatus('Could not copy: select the address and copy it by hand.');
    }
  }

  return (
    <Form className="card" onSubmit={submit} validationBehavior="aria" aria-labelledby="rsvp-page-title">
      <h2 id="rsvp-page-title">RSVP page</h2>
      <p className="small muted">
        No website? Kindly serves a page with your occasion’s title and the RSVP form. Invitations link to it unless you set your own RSVP page URL above.
      </p>
      <TextInput
        label="Page address"
        value={slug}
        onChange={setSlug}
        error={errors.slug}
        isDisabled={!canWrite}
        description="3 to 60 lowercase letters, digits and hyphens, such as sam-and-alex. If you change it, the old address leads here for 90 days. Leave it empty for no page."
      />
      {address ? (
        <p className="row row--center">
          <code>{address}</code>
          <Button className="button" onPress={() => void copy()}>
            Copy address
          </Button>
          <a href={address} target="_blank" rel="noreferrer">
            Open the page
          </a>
        </p>
      ) : null}
      <FormMessage messages={[message]} focus />
      {canWrite ? (
        <div className="row row--center" style={{ marginTop: 16 }}>
          <Button type="submit" className="button" isDisabled={busy}>
            {busy ? 'Saving…' : 'Save page address'}
          </Button>
        </div>
      ) : null}
      <span role="status" className="small muted">
        {status}
      </span>
    </Form>
  );
}
