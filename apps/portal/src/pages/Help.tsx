import { Accordion, PageContainer } from '@solvr/web-ui';

const SECTIONS = [
  { id: 'getting-started', title: 'Getting Started', content: 'Installation, running the app and configuration.' },
  { id: 'usage', title: 'Usage', content: 'Solving a question, the overlay and supported languages.' },
  { id: 'troubleshooting', title: 'Troubleshooting', content: 'App not starting, overlay not appearing, incorrect answers.' },
];

export default function Help() {
  return (
    <PageContainer>
      <div className="pt-heading">
        <h1>Help</h1>
      </div>
      <Accordion items={SECTIONS} />
    </PageContainer>
  );
}
