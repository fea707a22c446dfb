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
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@rentwise/libs/messages';
import { ProfileInput, profileSchema } from '@rentwise/libs/schemas/profile.schema';
import { acceptsBody } from '../../../infrastructure/http/cross-site-defences';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { readUploadedFile } from '../../../infrastructure/http/uploaded-file';
import { PHOTO_FILE_EXTENSIONS } from '../profile/photo-processing';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { UpdateUserContact } from '../contracts/update-user-contact.command';
import { UserView } from '../contracts/user-view';
import { GetUserPhoto } from '../profile/get-user-photo.query';
import { SaveUserPhoto } from '../profile/save-user-photo.command';

/** The signed-in person's own details and photo. */
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
  @ApiOperation({ summary: "Changes the signed-in person's name, email and phone" })
  async updateUser(
    @Body(new ZodPipe(profileSchema)) body: ProfileInput,
    @CurrentUser() requester: Requester,
  ): Promise<{ status: 'success'; user: UserView }> {
    const { firstName, lastName, email, phone } = body;
    const user = await this.commands.execute(new UpdateUserContact(requester.userId, { firstName, lastName, email, phone }));
    return { status: 'success', user };
  }

  @Post('save-user-photo')
  @HttpCode(200)
  @Roles('landlord', 'tenant')
  @ApiConsumes('multipart/form-data')
  @RouteConfig(acceptsBody('multipart/form-data'))
  @ApiOperation({ summary: 'Replaces the signed-in person\'s photo (an image up to 5 MB; re-encoded as a 512 px WebP)' })
  async saveUserPhoto(
    @Req() request: FastifyRequest,
    @CurrentUser() requester: Requester,
  ): Promise<{ status: 'success'; user: UserView }> {
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
