import { Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { CheckoutStatus, FilePurchases, RevenueSummary } from '@solvr/contracts';
import { CurrentUser, KeepRawBody, NoStore, Public, rawBodyOf, Roles, type SessionUser, ApiDoc, doc } from '@solvr/server-core';
import { PaymentsService } from './payments.service';

/** The provider's webhook and the success page's status question. Checkout starts at POST /api/files/:id/checkout. */
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** Public, but every event must carry a valid Stripe-Signature over the raw body (else 400, nothing changes). */
  @Public()
  @Post('webhook')
  @HttpCode(200)
  @KeepRawBody()
  @ApiDoc('Payments', {
    summary: "Stripe's events (checkout completed, async payment succeeded, charge refunded)",
    auth: 'stripe',
    body: { json: { type: 'object', description: 'A Stripe event, checked against Stripe-Signature' } },
    answers: doc.ok({ type: 'object', properties: { received: { const: true } }, required: ['received'] }, 'Recorded'),
    errors: [400],
  })
  async webhook(@Req() req: FastifyRequest, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true }> {
    await this.payments.handleWebhook(rawBodyOf(req), signature);
    return { received: true };
  }

  /** The caller's own checkout only (another user's answers 404). */
  @Get('sessions/:sessionId')
  @ApiDoc('Payments', { summary: "A checkout's outcome, for its buyer", answers: doc.ok('CheckoutStatus'), errors: [400, 503] })
  status(@Param('sessionId') sessionId: string, @CurrentUser() user: SessionUser): Promise<CheckoutStatus> {
    return this.payments.statusFor(sessionId, user.id);
  }
}

/** Purchases and revenue for the admin console (the Files tab, the Overview). */
@Controller('admin/payments')
@Roles('admin')
@NoStore()
export class AdminPaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get('revenue')
  @ApiDoc('Payments', { summary: 'Revenue and purchase counts', answers: doc.ok('RevenueSummary') })
  revenue(): Promise<RevenueSummary> {
    return this.payments.revenue();
  }

  @Get('files/:fileId')
  @ApiDoc('Payments', { summary: "A file's purchases", answers: doc.ok('FilePurchases') })
  purchases(@Param('fileId') fileId: string): Promise<FilePurchases> {
    return this.payments.purchasesOf(fileId);
  }
}
