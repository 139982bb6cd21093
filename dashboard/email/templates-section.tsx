import { useMemo, useState, type FormEvent } from 'react';
import { Button, Form, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { EMAIL_KINDS, EmailTemplateUpdateSchema, type EmailKind, type EmailTemplate } from '../../core/schemas/email';
import { useFormSave } from '../components/use-form-save';
import { ComboBoxField } from '../components/combo-box-field';
import { ErrorState, Loading } from '../components/states';
import { FormMessage, TextInput } from '../components/text-input';
import { useKindly, useQuery } from '../data/kindly';
import { KIND_TEXT } from './outbox-section';

const KIND_HELP: Record<EmailKind, string> = {
  INVITATION: "Sent when you send invitations: the household's personal link and invite code follow your intro.",
  REMINDER: 'Sent to pending households, by hand or the set number of days before the deadline.',
  CONFIRMATION: "Sent to the guest after each reply: their answers and a calendar file of what they attend follow your intro.",
  DIGEST: "Sent to you each day there are new replies, when the daily digest is on in Settings.",
};

/** The four templates, each with its subject and intro, and a preview of the message as it will be sent. */
export function TemplatesSection({ occasionId }: { occasionId: string }) {
  const templates = useQuery((s) => s.emailTemplates(occasionId), occasionId);
  return (
    <section className="card" aria-labelledby="templates-title">
      <h2 id="templates-title">Templates</h2>
      {templates.error && !templates.data ? (
        <ErrorState error={templates.error} what="the templates" onRetry={templates.retry} />
      ) : !templates.data ? (
        <Loading label="Loading the templates…" />
      ) : (
        <Tabs className="template-tabs">
          <TabList aria-label="Email templates" className="tabs">
            {EMAIL_KINDS.map((kind) => (
              <Tab key={kind} id={kind} className="tab">
                {KIND_TEXT[kind]}
              </Tab>
            ))}
          </TabList>
          {EMAIL_KINDS.map((kind) => {
            const template = templates.data!.find((entry) => entry.kind === kind) ?? { kind, subject: '', intro: '' };
            return (
              <TabPanel key={kind} id={kind}>
                <TemplateEditor occasionId={occasionId} template={template} />
              </TabPanel>
            );
          })}
        </Tabs>
      )}
    </section>
  );
}

function TemplateEditor({ occasionId, template }: { occasionId: string; template: EmailTemplate }) {
  const { client, stores } = useKindly();
  const recipients = useQuery((s) => s.emailRecipients(occasionId), occasionId);
  const [subject, setSubject] = useState(template.subject);
  const [intro, setIntro] = useState(template.intro);
  const { errors, message, busy, save: saveChecked } = useFormSave();
  const [saved, setSaved] = useState('');
  const [version, setVersion] = useState(0);
  const [householdId, setHouseholdId] = useState('');
  const households = useMemo(
    () => (recipients.data ?? []).map((recipient) => ({ value: recipient.householdId, text: recipient.householdName })),
    [recipients.data],
  );
  const perHousehold = template.kind !== 'DIGEST';
  const label = KIND_TEXT[template.kind];

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaved('');
    const updated = await saveChecked(EmailTemplateUpdateSchema, { subject, intro }, (output) => stores.$updateEmailTemplate.mutate({ occasionId, kind: template.kind, body: output }));
    if (!updated) return;
    setSubject(updated.subject);
    setIntro(updated.intro);
    setVersion((current) => current + 1);
    setSaved('Saved. The preview shows the saved template.');
  }

  return (
    <div className="email-layout">
      <Form onSubmit={save} validationBehavior="aria" className="form" aria-label={`${label} template`}>
        <p className="small muted">{KIND_HELP[template.kind]}</p>
        <TextInput label={`${label} subject`} value={subject} onChange={setSubject} error={errors.subject} isRequired />
        <TextInput label={`${label} intro`} multiline value={intro} onChange={setIntro} error={errors.intro} description="The paragraph that opens the message. Line breaks are kept." />
        <FormMessage messages={[message]} focus />
        <div className="row row--center">
          <Button type="submit" className="button button--primary" isDisabled={busy}>
            {busy ? 'Saving…' : `Save ${label.toLowerCase()} template`}
          </Button>
          <span role="status" className="small muted">
            {saved}
          </span>
        </div>
      </Form>
      <div className="stack">
        {perHousehold ? (
          <ComboBoxField
            label="Preview for"
            options={households}
            value={householdId}
            onChange={setHouseholdId}
            placeholder="The first household"
            loading={!recipients.data}
            limit={100}
          />
        ) : null}
        <iframe
          key={`${version}:${householdId}`}
          className="email-frame"
          title={`Preview of the ${label.toLowerCase()} email`}
          src={client.emailPreviewUrl(occasionId, template.kind, perHousehold && householdId ? householdId : undefined)}
          sandbox=""
        />
      </div>
    </div>
  );
}
