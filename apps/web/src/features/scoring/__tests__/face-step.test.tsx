import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { stubApi } from '../../../test/fetch.ts';
import { makeScoring } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { FaceStep } from '../components/face-step.tsx';

const MB = 1024 * 1024;
const photo = (bytes: number, type = 'image/jpeg', name = 'selfie.jpg') =>
  new File([new Uint8Array(bytes)], name, { type });

function renderStep() {
  renderWithProviders(
    <>
      <FaceStep />
      <Toaster />
    </>,
  );
}

const fileInput = () => screen.getByLabelText('Suratga olish yoki tanlash') as HTMLInputElement;

describe('the face photo step', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('asks the phone for its front camera and takes JPEG or PNG only', () => {
    stubApi({});
    renderStep();
    expect(fileInput()).toHaveAttribute('capture', 'user');
    expect(fileInput()).toHaveAttribute('accept', 'image/jpeg,image/png');
  });

  it('refuses a photo over 5 MB before sending it', async () => {
    const fetchMock = stubApi({});
    renderStep();
    await userEvent.upload(fileInput(), photo(6 * MB));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Surat juda katta: 5 MB dan oshmasligi kerak',
    );
    expect(screen.queryByRole('button', { name: 'Suratni yuborish' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a JPEG or PNG', async () => {
    stubApi({});
    renderStep();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), photo(1000, 'image/gif', 'face.gif'));
    expect(screen.getByRole('alert')).toHaveTextContent('Faqat JPEG yoki PNG surat yuklash mumkin');
  });

  it('shows the chosen photo and sends it as the multipart field "image"', async () => {
    const fetchMock = stubApi({
      '/api/clients/identified': {
        message: 'Shaxsingiz tasdiqlandi',
        data: makeScoring({ step: 'card' }),
      },
    });
    renderStep();
    await userEvent.upload(fileInput(), photo(300_000));
    expect(await screen.findByRole('img', { name: 'Tanlangan yuz surati' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/jpeg;base64,/),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Suratni yuborish' }));
    expect(await screen.findByText('Shaxsingiz tasdiqlandi')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/clients/identified');
    const sent = (init.body as FormData).get('image') as File;
    expect(sent.name).toBe('selfie.jpg');
    expect(sent.size).toBe(300_000);
  });

  it('shows the server’s face error and clears the photo it refused', async () => {
    stubApi({
      '/api/clients/identified': () => ({
        status: 422,
        body: { message: 'Suratda yuz topilmadi', code: 'FACE_NOT_RECOGNISED' },
      }),
    });
    renderStep();
    await userEvent.upload(fileInput(), photo(300_000, 'image/png', 'selfie.png'));
    await userEvent.click(await screen.findByRole('button', { name: 'Suratni yuborish' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(
        expect.arrayContaining([expect.stringContaining('Suratda yuz topilmadi')]),
      ),
    );
    expect(screen.queryByRole('img', { name: 'Tanlangan yuz surati' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suratni yuborish' })).not.toBeInTheDocument();
  });
});
