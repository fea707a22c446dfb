import {
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@rentwise/libs/messages';
import { ConfirmEmailInput, confirmEmailSchema } from '@rentwise/libs/schemas/confirm-email.schema';
import { ProfileInput, profileSchema } from '@rentwise/libs/schemas/profile.schema';
import { acceptsBody } from '../../../infrastructure/http/cross-site-defences';
import { CurrentUser, Requester, RequestWithRequester } from '../../../infrastructure/http/current-user';
import { Public } from '../../../infrastructure/http/public.decorator';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { readUploadedFile } from '../../../infrastructure/http/uploaded-file';
import { PHOTO_FILE_EXTENSIONS } from '../profile/photo-processing';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { ConfirmEmailChange } from '../email-change/confirm-email-change.command';
import { GetUserPhoto } from '../profile/get-user-photo.query';
import { SaveUserPhoto } from '../profile/save-user-photo.command';
import { UpdateOwnProfile } from '../profile/update-own-profile.command';
import { EmailConfirmedAnswer, ProfileUpdatedAnswer, UserAnswer } from './account-responses';

/** The signed-in person's own details and photo, and the link that confirms a new email. */
@ApiTags('account')
@Controller('account')
export class ProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('update-user')
  @HttpCode(200)
  @Roles('landlord', 'tenant')
  @ApiOperation({
    summary:
      "Changes the signed-in person's name and phone at once. A new email needs currentPassword (unless this session signed in under 30 minutes ago) and changes only once the link emailed to it is opened; pendingEmail names it, and the answer is the same whether or not that address has an account",
  })
  @ApiOkResponse({ type: ProfileUpdatedAnswer })
  async updateUser(
    @Body(new ZodPipe(profileSchema)) body: ProfileInput,
    @CurrentUser() requester: Requester,
    @Req() request: FastifyRequest,
  ): Promise<ProfileUpdatedAnswer> {
    const { firstName, lastName, email, phone, currentPassword } = body;
    const { user, pendingEmail } = await this.commands.execute(
      new UpdateOwnProfile(requester, { firstName, lastName, email, phone, currentPassword }, request.ip),
    );
    return { status: 'success', user, pendingEmail };
  }

  @Post('confirm-email')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary:
      'Makes the new email asked for on Personal Information the sign-in email, with the single-use token from the link sent to it; ends the account\'s other sessions',
  })
  @ApiOkResponse({ type: EmailConfirmedAnswer })
  async confirmEmail(
    @Body(new ZodPipe(confirmEmailSchema)) body: ConfirmEmailInput,
    @Req() request: FastifyRequest & RequestWithRequester,
  ): Promise<EmailConfirmedAnswer> {
    const openedIn = request.requester ? { userId: request.requester.userId, sessionId: request.requester.sessionId } : null;
    const { email } = await this.commands.execute(new ConfirmEmailChange(body.token, openedIn));
    return { status: 'success', email };
  }

  @Post('save-user-photo')
  @HttpCode(200)
  @Roles('landlord', 'tenant')
  @ApiConsumes('multipart/form-data')
  @RouteConfig(acceptsBody('multipart/form-data'))
  @ApiOperation({ summary: 'Replaces the signed-in person\'s photo (an image up to 5 MB; re-encoded as a 512 px WebP)' })
  @ApiOkResponse({ type: UserAnswer })
  async saveUserPhoto(
    @Req() request: FastifyRequest,
    @CurrentUser() requester: Requester,
  ): Promise<UserAnswer> {
    const upload = await readUploadedFile(request, MESSAGES.photoUploadRejected, { extensions: PHOTO_FILE_EXTENSIONS });
    const user = await this.commands.execute(new SaveUserPhoto(requester.userId, upload));
    return { status: 'success', user };
  }

  @Get('photos/:key')
  @Roles('landlord', 'tenant', 'operator')
  @ApiOperation({ summary: 'A person\'s photo; any signed-in person may read it (keys are random and unguessable)' })
  async photo(@Param('key') key: string, @Res() reply: FastifyReply): Promise<void> {
    const photo = await this.queries.execute(new GetUserPhoto(key));
    if (!photo) throw new NotFoundException(MESSAGES.notFound);
    // A key never changes content (a new upload gets a new key), so the browser may keep it for good.
    await reply
      .header('Content-Type', photo.contentType)
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('Content-Length', photo.data.length)
      .send(photo.data);
  }
}
